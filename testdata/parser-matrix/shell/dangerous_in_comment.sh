# The primitive is RED even in a comment, unless marked inert.
# do not use --dangerously-skip-permissions here # want "RED:dangerous-primitive"
echo ok
