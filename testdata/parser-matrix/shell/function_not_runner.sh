# A function that only prints its arguments does not launch them.
say() { echo "$@"; }
say claude -p hi
