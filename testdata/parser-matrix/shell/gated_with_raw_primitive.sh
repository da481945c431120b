# The raw primitive is RED even behind the wrapper.
launch-runtime --runtime claude -- --dangerously-skip-permissions # want "GATED" "RED:dangerous-primitive"
