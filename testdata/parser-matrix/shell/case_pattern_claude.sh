# A case pattern naming the runtime is a pattern, not a command.
case "$1" in
  claude) echo "claude selected" ;;
  pi) echo "pi selected" ;;
esac
