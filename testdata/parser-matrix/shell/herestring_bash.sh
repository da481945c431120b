# A here-string fed to bash.
bash <<< 'claude -p hi' # want "RED:eval"
