# env with flags and NAME=value assignments.
env -i -u HOME FOO=1 BAR=two claude -p hi # want "RED:direct-literal"
