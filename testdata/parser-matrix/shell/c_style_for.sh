# A launch in a C-style for loop.
for ((i = 0; i < 3; i++)); do
  pi --print "$i" # want "RED:direct-literal"
done
