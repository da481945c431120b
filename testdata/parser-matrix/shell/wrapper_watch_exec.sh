# watch -x runs its arguments directly.
watch -x claude -p status # want "RED:direct-literal"
