# The wrapper by absolute path.
/usr/local/bin/launch-runtime --runtime claude -- -p hi # want "GATED"
