# claude as an unquoted argument of echo is data, not command position.
echo claude -p hi
