# builtin eval is eval.
builtin eval "pi --print hi" # want "RED:eval"
