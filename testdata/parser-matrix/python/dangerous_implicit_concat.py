# The primitive split over implicitly concatenated literals.
FLAG = "--dangerously-" "skip-permissions"  # want "RED:dangerous-primitive"
