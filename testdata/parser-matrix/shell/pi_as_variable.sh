# pi as a variable name and a number is not the pi runtime.
pi=3.14159
echo "$pi"
area=$(echo "$pi * 2" | bc)
