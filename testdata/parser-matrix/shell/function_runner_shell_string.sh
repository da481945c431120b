# A function that hands its arguments to a shell (eval "$@", bash -c "$*")
# runs them: the call launches what it is given.
run() { eval "$@"; }
run claude -p hi # want "RED:direct-literal"
sh_run() { bash -c "$*"; }
sh_run pi --print x # want "RED:direct-literal"
