# A substitution inside a test runs.
if [ -n "$(pi --print q)" ]; then :; fi # want "RED:command-substitution"
