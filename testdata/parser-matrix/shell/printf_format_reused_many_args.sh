# printf reuses its format until every argument is consumed: with 71
# arguments the last one, a launch, was dropped after 64 rounds. Near
# miss: the same printf piped to a file, not a shell, is clean; a format
# with no conversion is printed once.
printf '%s;' x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x claude | sh # want "RED:eval"
printf '%s;' x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x claude > /tmp/list
printf 'true' x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x claude | sh
