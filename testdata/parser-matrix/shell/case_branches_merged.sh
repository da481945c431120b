# Every branch of a case statement is a possibility of the variable.
case "$1" in
  fast) agent=pi ;;
  *) agent=claude ;;
esac
"$agent" -p x # want "RED:variable-execution" "RED:variable-execution"
case "$1" in
  lint) tool=eslint ;;
  *) tool=prettier ;;
esac
"$tool" --check .
