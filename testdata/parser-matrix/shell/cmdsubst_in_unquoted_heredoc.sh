# $(...) in an unquoted heredoc body runs, even for cat.
cat <<EOF
# want +1 "RED:command-substitution"
$(claude -p hi)
EOF
