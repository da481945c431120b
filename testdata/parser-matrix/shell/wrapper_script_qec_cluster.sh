# script -qec: -c inside an option cluster.
script -qec "claude -p hi" /dev/null # want "RED:eval"
