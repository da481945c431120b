# A prefix assignment on the same line as the launch.
FOO=1 claude -p hi # want "RED:direct-literal"
