# A variable named claude in arithmetic is not a command.
claude=2
x=$((claude + 1))
