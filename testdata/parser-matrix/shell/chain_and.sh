# A launch after &&.
cd repo && claude -p hi # want "RED:direct-literal"
