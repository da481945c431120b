# A launch in an until loop.
until claude -p "retry"; do # want "RED:direct-literal"
  sleep 1
done
