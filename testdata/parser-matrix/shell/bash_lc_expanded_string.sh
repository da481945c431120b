# bash -lc with a string that expands a variable: the string is re-parsed
# with the unknown part as a placeholder (issue 15).
bash -lc "cd '$repo' && claude -p 'fix the build'" # want "RED:eval"
bash -lc "cd '$repo' && make build"
