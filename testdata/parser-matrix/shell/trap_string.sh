# trap runs its string as shell when the signal comes.
trap 'claude -p cleanup' EXIT # want "RED:eval"
