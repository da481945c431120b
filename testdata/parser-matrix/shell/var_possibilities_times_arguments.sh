# A command word with 16 possibilities and an argument with two: every
# possibility of the command word is still judged (the combinations are
# bounded, never the possibilities).
case "$1" in
  t1) tool=tool1 ;;
  t2) tool=tool2 ;;
  t3) tool=tool3 ;;
  t4) tool=tool4 ;;
  t5) tool=tool5 ;;
  t6) tool=tool6 ;;
  t7) tool=tool7 ;;
  t8) tool=tool8 ;;
  t9) tool=tool9 ;;
  t10) tool=tool10 ;;
  t11) tool=tool11 ;;
  t12) tool=tool12 ;;
  t13) tool=tool13 ;;
  t14) tool=tool14 ;;
  t15) tool=tool15 ;;
  x) tool=claude ;;
esac
case "$2" in a) flag=-p ;; *) flag=-v ;; esac
"$tool" "$flag" x # want "RED:variable-execution"
"$flag" "$tool"
