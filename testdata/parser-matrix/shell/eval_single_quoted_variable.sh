# eval runs in this shell, so it sees this file's variables.
C=claude
eval '$C -p hi' # want "RED:eval"
