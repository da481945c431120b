# bash -euo pipefail -c: -o in a cluster takes the next word as its value,
# so -c and its string still follow (issue 15).
bash -euo pipefail -c 'claude -p "review"' # want "RED:eval"
bash -euo pipefail -c 'echo review'
