# The gated form: launch-runtime --runtime NAME before --.
launch-runtime --runtime claude -- -p hi # want "GATED"
