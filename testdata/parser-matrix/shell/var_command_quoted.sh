# A quoted tracked variable behind command.
C=claude
command "$C" -p hi # want "RED:variable-execution"
