#!/bin/sh
# Near miss of package_runner_runs_its_arguments.sh: package runners
# whose packages run tools that are no runtime, or that are given a
# runtime's name as data, and a parallel that runs echo over the names.
npx cross-env CI=1 eslint .
npx dotenv -e .env.ci -- prettier --check .
npx cowsay claude
pnpm dlx env-cmd -f .env.ci tsc -p .
parallel echo ::: claude pi
parallel --jobs 2 ::: 'make lint' 'make test'
