# More possibilities than the bound (16): the ones that name a runtime are
# kept first, and the launch is dynamic, since the bound was reached.
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
  t16) tool=tool16 ;;
  t17) tool=tool17 ;;
  t18) tool=tool18 ;;
  t19) tool=tool19 ;;
  t20) tool=tool20 ;;
  x) tool=claude ;;
esac
"$tool" -p x # want "RED:dynamic"
case "$1" in
  t1) other=lint1 ;;
  t2) other=lint2 ;;
  t3) other=lint3 ;;
  t4) other=lint4 ;;
  t5) other=lint5 ;;
  t6) other=lint6 ;;
  t7) other=lint7 ;;
  t8) other=lint8 ;;
  t9) other=lint9 ;;
  t10) other=lint10 ;;
  t11) other=lint11 ;;
  t12) other=lint12 ;;
  t13) other=lint13 ;;
  t14) other=lint14 ;;
  t15) other=lint15 ;;
  t16) other=lint16 ;;
  t17) other=lint17 ;;
  t18) other=lint18 ;;
  t19) other=lint19 ;;
  t20) other=lint20 ;;
esac
"$other" --fix
