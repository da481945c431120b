# A function named claude shadows the program only after its definition: the call before it is flagged, the one after runs the function.
claude -p before # want "RED:direct-literal"
claude() { echo "stub"; }
claude -p after
