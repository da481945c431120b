# Two launches on one line are two findings.
claude -p a; pi --print b # want "RED:direct-literal" "RED:direct-literal"
