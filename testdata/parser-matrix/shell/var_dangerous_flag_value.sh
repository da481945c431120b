# The flag in a variable is the primitive wherever it is written.
FLAGS="--dangerously-skip-permissions" # want "RED:dangerous-primitive"
