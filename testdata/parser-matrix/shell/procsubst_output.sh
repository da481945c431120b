# A launch inside >(...).
echo hi > >(claude -p) # want "RED:command-substitution"
