# A launch inside backticks.
out=`claude -p hi` # want "RED:command-substitution"
