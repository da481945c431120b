# A launch in a select loop.
select choice in a b; do
  claude -p "$choice" # want "RED:direct-literal"
  break
done
