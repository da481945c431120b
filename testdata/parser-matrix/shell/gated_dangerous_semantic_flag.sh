# The wrapper's semantic --dangerous flag is not the raw primitive.
launch-runtime --runtime claude --dangerous -- -p hi # want "GATED"
