# The gated form behind exec.
exec launch-runtime --runtime claude -- -p hi # want "GATED"
