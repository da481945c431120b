# A marker without a reason suppresses nothing.
# want +1 "RED:dangerous-primitive"
echo "--dangerously-skip-permissions" # check-launches: inert
