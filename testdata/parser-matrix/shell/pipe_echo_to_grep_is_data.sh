# echo piped into grep is data.
echo 'claude -p hi' | grep claude
