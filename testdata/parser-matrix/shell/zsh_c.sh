# zsh -c runs a shell string.
zsh -c 'pi --print hi' # want "RED:eval"
