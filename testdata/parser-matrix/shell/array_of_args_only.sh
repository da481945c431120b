# An array of arguments after a literal harmless command is clean.
args=(claude -p hi)
echo "${args[@]}"
