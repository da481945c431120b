# sh -c runs a shell string.
sh -c "claude -p hi" # want "RED:eval"
