# screen -r reattaches to a session named after the runtime: nothing starts.
screen -r claude
screen -x pi
