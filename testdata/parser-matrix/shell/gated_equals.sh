# --runtime=NAME is the gated form too.
launch-runtime --runtime=pi # want "GATED"
