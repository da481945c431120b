# The allow- variant of the skip-permissions flag.
claude --allow-dangerously-skip-permissions -p hi # want "RED:direct-literal" "RED:dangerous-primitive"
