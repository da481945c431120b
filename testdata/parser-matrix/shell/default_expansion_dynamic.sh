# ${RUNTIME:-claude}: the name is chosen at run time with a runtime default.
${RUNTIME:-claude} -p hi # want "RED:dynamic"
