# sh -c STRING NAME ARGS: the string's "$@" is ARGS.
sh -c 'exec "$@"' sh claude -p hi # want "RED:eval"
