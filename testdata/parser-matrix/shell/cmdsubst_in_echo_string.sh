# $(...) inside a double-quoted echo argument runs.
echo "result: $(claude -p hi)" # want "RED:command-substitution"
