# readlink -f of a looked-up path is still that program.
bin=$(readlink -f "$(command -v claude)")
"$bin" -p hi # want "RED:dynamic"
