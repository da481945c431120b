# hatch run ENV:CMD runs CMD in the shell of environment ENV; hatch -e ENV
# run CMD is the same. Near miss: near_miss_hatch_run_env_prefix.sh.
hatch run lint:claude -p "review the diff" # want "RED:eval"
hatch -e docs run pi --print notes # want "RED:direct-literal"
