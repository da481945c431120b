# A substitution inside a default expansion runs when the default is used.
x=${Y:-$(claude -p hi)} # want "RED:command-substitution"
