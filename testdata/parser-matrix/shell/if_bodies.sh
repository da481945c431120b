# Launches in then, elif and else bodies.
if [ "$1" = a ]; then
  claude -p a # want "RED:direct-literal"
elif [ "$1" = b ]; then
  claude -p b # want "RED:direct-literal"
else
  pi --print c # want "RED:direct-literal"
fi
