# Near miss: the same number of combinations, none naming a runtime.
if [ -n "$DRY" ]; then RUN=echo; else RUN=printf; fi
if [ -n "$V" ]; then A=-v; else A=-q; fi
if [ -n "$W" ]; then B=--print; else B=-p; fi
if [ -n "$X" ]; then C=--model; else C=-m; fi
if [ -n "$Y" ]; then D=sonnet; else D=opus; fi
argv=("$RUN" "$A" "$B" "$C" "$D" "review")
"${argv[@]}"
