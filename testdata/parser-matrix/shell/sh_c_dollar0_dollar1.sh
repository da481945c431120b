# sh -c STRING NAME ARGS: $0 is NAME, $1... are ARGS (issue 15).
sh -c '"$0" -p "$1"' claude 'review' # want "RED:eval"
sh -c '$1 -p x' sh pi # want "RED:eval"
sh -c '"$0" --version "$1"' git x
