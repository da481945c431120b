# The primitive inside an eval'd launch.
eval "claude --dangerously-skip-permissions -p hi" # want "RED:eval" "RED:dangerous-primitive"
