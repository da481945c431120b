# The gated form behind env and assignments.
env FOO=1 launch-runtime --runtime claude -- -p hi # want "GATED"
