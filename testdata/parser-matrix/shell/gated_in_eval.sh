# The gated form inside eval stays gated.
eval "launch-runtime --runtime claude -- -p hi" # want "GATED"
