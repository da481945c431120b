# The primitive inside a string is RED anywhere.
echo "--dangerously-skip-permissions" # want "RED:dangerous-primitive"
