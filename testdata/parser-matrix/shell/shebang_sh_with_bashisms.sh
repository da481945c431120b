#!/bin/sh
# A script that names sh but uses bash syntax is parsed as bash rather than rejected.
if [[ -n "$X" ]]; then
  arr=(claude -p)
  "${arr[@]}" hi # want "RED:variable-execution"
fi
