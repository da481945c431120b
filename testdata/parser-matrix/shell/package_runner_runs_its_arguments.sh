#!/bin/sh
# A package runner's package may run its arguments (review 29, group 1):
# `npx cross-env CI=1 claude` runs cross-env, which runs claude. The
# words after the package are also read as the command line they would
# be without the runner, so a wrapper the model knows is unwrapped, a
# version after the package's name included, and an unknown package is
# read for what follows its `--`. GNU parallel with no command runs each
# argument after `:::` as a command line. Near miss:
# near_miss_package_runner_runs_its_arguments.sh.
npx cross-env CI=1 claude -p "review" # want "RED:direct-literal"
npx cross-env@7.0.3 CI=1 claude -p "review" # want "RED:direct-literal"
npx dotenv -e .env.ci -- claude -p "x" # want "RED:direct-literal"
npx env-cmd -f .env.ci pi --mode rpc # want "RED:direct-literal"
pnpm exec nodemon --exec "claude -p y" # want "RED:eval"
bunx concurrently "npm:lint" "pi -p z" # want "RED:eval"
pnpm dlx dotenv-cli -e .env -- claude # want "RED:direct-literal"
yarn dlx some-runner --retries 2 -- pi -p "w" # want "RED:dynamic"
parallel --jobs 2 ::: 'claude -p review' 'make lint' # want "RED:eval"
