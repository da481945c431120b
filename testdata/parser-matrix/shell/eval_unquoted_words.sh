# eval of unquoted words.
eval claude -p hi # want "RED:eval"
