# An if without fi.
if true; then # want "RED:unparseable"
  echo hi
