# ssh runs the remote command through the remote shell.
ssh build-host claude -p hi # want "RED:eval"
