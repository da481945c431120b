# $(...) in a quoted heredoc body given to cat is text.
cat <<'EOF'
$(claude -p hi)
EOF
