# A message that mentions a launch command is only a string.
MSG="use claude -p to ask questions"
HELP='pi --print runs pi once'
echo "$MSG $HELP"
