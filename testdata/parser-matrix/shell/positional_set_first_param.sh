# $1 after set -- is the first word set.
set -- pi --print
"$1" hi # want "RED:variable-execution"
