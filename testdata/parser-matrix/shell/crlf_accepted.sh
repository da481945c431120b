# A CRLF script that bash -n accepts: each line runs its command (the
# carriage return sticks to the last word), so the launch is found.
claude -p review # want "RED:direct-literal"
echo done
