# echo of a string that mentions the runtime is data.
echo "run claude"
echo 'claude -p hi'
