# hatch_run_env_prefix.sh running plain tools, and an environment named
# after the runtime.
hatch run lint:ruff check .
hatch run claude:pytest -x
hatch env create claude
