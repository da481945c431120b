# A function named pi that prints a number: calling it is not the pi runtime.
pi() { echo 3.14159; }
area=$(echo "$(pi) * 2" | bc)
