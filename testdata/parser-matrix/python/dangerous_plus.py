# The primitive split over `+`.
FLAG = "--dangerously-skip-" + "permissions"  # want "RED:dangerous-primitive"
