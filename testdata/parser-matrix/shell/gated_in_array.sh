# The gated form in an array.
cmd=(launch-runtime --runtime claude --)
"${cmd[@]}" -p hi # want "GATED"
