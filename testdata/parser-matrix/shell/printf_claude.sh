# printf with the runtime name in format and arguments is data.
printf '%s\n' "claude -p"
printf 'use pi --help\n'
