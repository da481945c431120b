#!/bin/bash
# Near miss of mapfile_read_generated_argv.sh: lines of `git status`
# read into an array, in a file that names claude, only printed and
# handed to git as arguments; a generated argv of plain tools, run.
mapfile -t lines < <(git status --porcelain)
for l in "${lines[@]}"; do echo "changed: $l"; done
git add -- "${lines[@]}"
mapfile -t CMD < <(printf "%s\n" git log --oneline)
"${CMD[@]}"
echo "then ask claude to review"
