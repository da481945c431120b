# GNU parallel runs its command per argument.
parallel claude -p {} ::: a b # want "RED:direct-literal"
