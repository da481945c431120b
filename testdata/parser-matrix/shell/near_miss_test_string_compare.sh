# Comparing a string with the runtime's name is data.
[[ $cmd == claude ]] && echo yes
test "$x" = pi
