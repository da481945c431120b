# Assignments with no command run nothing.
FOO=claude BAR=1
