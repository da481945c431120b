# A function named claude shadows the program; called, it is still reported (conservative).
claude() { echo "stub"; }
claude -p hi # want "RED:direct-literal"
