# An array run with unquoted ${cmd[*]}.
cmd=(pi --print hi)
${cmd[*]} # want "RED:variable-execution"
