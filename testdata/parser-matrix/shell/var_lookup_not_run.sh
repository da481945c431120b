# A looked-up path that is only printed is data.
bin=$(command -v claude)
echo "claude is at $bin"
