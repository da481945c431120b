# A case without esac.
case "$1" in # want "RED:unparseable"
  a) echo a ;;
