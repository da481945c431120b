# A value assigned inside a loop is a possibility after it.
while read -r line; do
  case "$line" in claude*) cli=claude ;; esac
done < config
"$cli" -p x # want "RED:variable-execution"
for f in *.txt; do viewer=less; done
"$viewer" "$f"
