# An array built from words with two possibilities each has more
# combinations than are kept; the runtime is in the first word's second
# possibility. Combinations are left out, never a runtime's name: it is
# kept first, dynamic.
if [ -n "$DRY" ]; then RUN=echo; else RUN=claude; fi
if [ -n "$V" ]; then A=-v; else A=-q; fi
if [ -n "$W" ]; then B=--print; else B=-p; fi
if [ -n "$X" ]; then C=--model; else C=-m; fi
if [ -n "$Y" ]; then D=sonnet; else D=opus; fi
argv=("$RUN" "$A" "$B" "$C" "$D" "review")
"${argv[@]}" # want "RED:dynamic"
