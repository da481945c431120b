# A negated pipeline still runs the command.
! claude -p "check" # want "RED:direct-literal"
