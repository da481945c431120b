# echo piped into bash.
echo 'claude -p hi' | bash # want "RED:eval"
