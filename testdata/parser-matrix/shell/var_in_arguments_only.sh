# A tracked runtime name used only as an argument is data.
C=claude
printf '%s\n' $C
grep -q "$C" notes.txt
