# A variable the file never sets is unknown: not a launch (see docs/shell.md).
"$AGENT" -p hi
$1 --version
