# Two background jobs on one line.
claude -p a & claude -p b & wait # want "RED:direct-literal" "RED:direct-literal"
