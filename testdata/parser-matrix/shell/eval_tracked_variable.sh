# eval of a variable the file sets.
CMD="claude -p hi"
eval "$CMD" # want "RED:eval"
