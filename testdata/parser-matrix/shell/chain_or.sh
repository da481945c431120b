# A launch after ||.
false || claude -p hi # want "RED:direct-literal"
