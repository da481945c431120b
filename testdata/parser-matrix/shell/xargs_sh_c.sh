# xargs running sh -c.
ls | xargs -n1 sh -c 'claude -p "$0"' # want "RED:eval"
