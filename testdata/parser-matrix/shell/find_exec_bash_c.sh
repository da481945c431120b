# find -exec running bash -c.
find . -name '*.md' -exec bash -c 'claude -p "$1"' _ {} \; # want "RED:eval"
