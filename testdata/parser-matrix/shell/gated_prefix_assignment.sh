# The gated form after a prefix assignment.
LEASEGATE_SOCKET=/tmp/s launch-runtime --runtime claude -- -p hi # want "GATED"
