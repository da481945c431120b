# doas runs the runtime as another user.
doas -u agent claude -p hi # want "RED:direct-literal"
