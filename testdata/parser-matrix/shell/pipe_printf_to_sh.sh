# printf piped into sh.
printf '%s\n' 'pi --print hi' | sh # want "RED:eval"
