# ssh running another command is clean.
ssh -p 2222 build-host uptime
