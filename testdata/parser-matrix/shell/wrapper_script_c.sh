# script -c runs a shell command string.
script -q -c "claude -p hi" /dev/null # want "RED:eval"
