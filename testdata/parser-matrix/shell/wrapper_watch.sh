# watch runs its arguments as a shell command string.
watch -n 60 claude -p status # want "RED:eval"
