# A CRLF script that bash -n rejects (fi\r is not a keyword) is unparseable.
if [ -n "$X" ]; then # want "RED:unparseable"
  claude -p x
fi
