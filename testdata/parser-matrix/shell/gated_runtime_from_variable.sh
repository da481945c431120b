# The runtime name in a tracked variable.
RT=claude
launch-runtime --runtime "$RT" -- -p hi # want "GATED"
