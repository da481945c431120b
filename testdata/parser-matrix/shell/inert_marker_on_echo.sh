# The inert marker suppresses the flag in an echo string (data).
echo "never pass --dangerously-skip-permissions" # check-launches: inert documents the forbidden flag
