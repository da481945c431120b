# bash -e -o pipefail -c runs a shell string.
bash -e -o pipefail -c 'cd /w && claude -p hi' # want "RED:eval"
