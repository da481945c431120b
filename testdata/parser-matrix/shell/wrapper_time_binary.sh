# /usr/bin/time -v runs the runtime.
/usr/bin/time -v claude -p hi # want "RED:direct-literal"
