# The wrapper's name in a tracked variable.
LR=launch-runtime
"$LR" --runtime claude -- -p hi # want "GATED"
