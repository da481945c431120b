# Sourcing a file runs it in this shell; it is scanned where it lives.
. ./pi-env.sh
source ./claude-env.sh
