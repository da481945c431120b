# coproc starts the runtime as a coprocess.
coproc claude -p hi # want "RED:direct-literal"
