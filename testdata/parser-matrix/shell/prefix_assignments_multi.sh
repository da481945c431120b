# Several prefix assignments, one with spaces.
A=1 B="two words" C='x' claude -p hi # want "RED:direct-literal"
