# The primitive built by concatenating a variable.
F="--dangerously-"
F+="skip-permissions" # want "RED:dangerous-primitive"
pi $F # want "RED:direct-literal" "RED:dangerous-primitive"
