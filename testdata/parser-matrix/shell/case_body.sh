# A launch in a case branch.
case "$mode" in
  agent) claude -p hi ;; # want "RED:direct-literal"
  *) echo no ;;
esac
