# An unterminated quote: the file is RED unparseable.
echo "oops # want "RED:unparseable"
echo done
