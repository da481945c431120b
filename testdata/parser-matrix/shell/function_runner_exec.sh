# A function that execs its arguments.
run_logged() { echo "+ $*"; exec "$@"; }
run_logged pi --print hi # want "RED:direct-literal"
