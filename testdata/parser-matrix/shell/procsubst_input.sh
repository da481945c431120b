# Two launches inside <(...) on one line.
diff <(claude -p a) <(claude -p b) # want "RED:command-substitution" "RED:command-substitution"
