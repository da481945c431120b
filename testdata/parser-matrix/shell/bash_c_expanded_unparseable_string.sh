# A -c string with an expansion that does not parse is judged by the word
# split, and its unknown part stays an opaque word there too (issue 15).
bash -c "sudo $OPTS claude -p 'x' ; if then" # want "RED:eval"
bash -c "sudo $OPTS make ; if then"
