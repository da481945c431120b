# A look-up of the runtime's path through six pipes: the detector followed
# the left side of a pipe, `||` or `&&` only 4 deep, so the look-up was lost
# and the launch read as no launch. Near miss: the same pipes looking up
# git are clean.
x=$(command -v claude | head -n1 | head -n1 | head -n1 | head -n1 | head -n1 | head -n1)
"$x" -p # want "RED:dynamic"
y=$(command -v git | head -n1 | head -n1 | head -n1 | head -n1 | head -n1 | head -n1)
"$y" status
