# Testing that the runtime is installed only looks it up.
if [ -x "$(command -v claude)" ]; then
  echo "claude is installed"
fi
