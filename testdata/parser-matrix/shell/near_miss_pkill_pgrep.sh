# pkill/pgrep name the runtime to find processes, not to start one.
pkill -f claude
pgrep -x pi
