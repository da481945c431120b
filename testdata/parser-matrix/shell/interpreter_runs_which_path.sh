# The runtime's CLI is a script: an interpreter given the path a look-up
# of the runtime returns starts it as surely as running the path.
node "$(which claude)" -p "review"  # want "RED:dynamic"
bun "$(command -v pi)" --print hi  # want "RED:dynamic"
