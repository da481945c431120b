# A bash -c string held in a variable the file sets.
SCRIPT="claude -p hi"
bash -c "$SCRIPT" # want "RED:eval"
