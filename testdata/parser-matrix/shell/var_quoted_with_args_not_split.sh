# A quoted variable holding "claude -p" names a program called "claude -p", which is not claude.
C="claude -p"
"$C" hi
