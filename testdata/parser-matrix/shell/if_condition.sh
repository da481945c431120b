# A launch used as an if condition still runs.
if claude -p "is it ok?"; then # want "RED:direct-literal"
  echo ok
fi
