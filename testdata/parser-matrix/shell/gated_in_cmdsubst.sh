# The gated form inside $(...) stays gated.
out=$(launch-runtime --runtime pi -- --print hi) # want "GATED"
