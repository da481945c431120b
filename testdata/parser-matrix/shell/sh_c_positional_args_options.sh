# bash -o pipefail -c STRING NAME ARGS behind sudo: the string's "$@" is ARGS.
sudo bash -o pipefail -c 'exec "$@"' sh claude -p hi # want "RED:eval"
