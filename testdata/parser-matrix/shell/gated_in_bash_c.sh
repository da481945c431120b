# The gated form inside bash -c stays gated.
bash -c 'launch-runtime --runtime pi -- --print hi' # want "GATED"
