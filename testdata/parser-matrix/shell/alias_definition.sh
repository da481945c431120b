# An alias to the runtime is a launch definition (judged as its text).
alias yolo='claude -p' # want "RED:eval"
alias ll='ls -l'
