# Redirections around the command do not hide it.
claude -p x > out.log 2>&1 < /dev/null # want "RED:direct-literal"
