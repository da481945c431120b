# A function that runs its arguments ("$@") called through itself seven
# times: the detector follows such calls 4 deep. Past the bound the launch
# was dropped; now a runtime named among the arguments left is dynamic (the
# bound is reported). Near misses: the same chain running git is clean,
# and a chain within the bound is followed to its launch.
f() { "$@"; }
f f f f f f f claude -p # want "RED:dynamic"
f f f f f f f git status
f f claude -p # want "RED:direct-literal"
