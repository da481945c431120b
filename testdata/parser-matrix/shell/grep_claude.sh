# grep for the runtime name only searches text.
grep claude notes.txt
grep -rn "pi " src/
