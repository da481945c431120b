# A shell string inside a shell string.
bash -c "sh -c 'claude -p hi'" # want "RED:eval"
