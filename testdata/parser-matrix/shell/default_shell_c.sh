# ${SHELL:-bash} -c: the default names a shell.
${SHELL:-bash} -c "pi --print hi" # want "RED:eval"
