# printf's format and arguments piped into sh make the command.
printf 'claude -p %s\n' hello | sh # want "RED:eval"
