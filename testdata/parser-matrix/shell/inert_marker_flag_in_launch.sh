# The primitive passed to a real launch is not data: the marker suppresses neither.
claude --dangerously-skip-permissions -p hi # check-launches: inert example # want "RED:direct-literal" "RED:dangerous-primitive"
