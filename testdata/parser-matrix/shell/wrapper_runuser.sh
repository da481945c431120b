# runuser -u USER -- runs the runtime as another user.
runuser -u agent -- claude -p hi # want "RED:direct-literal"
