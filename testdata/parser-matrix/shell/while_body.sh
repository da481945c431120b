# A launch in a while loop.
while read -r task; do
  claude -p "$task" # want "RED:direct-literal"
done < tasks.txt
