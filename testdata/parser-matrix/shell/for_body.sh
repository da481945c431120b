# A launch in a for loop.
for f in *.md; do
  claude -p "review $f" # want "RED:direct-literal"
done
