# cat of a heredoc piped into sh.
cat <<'EOF' | sh
claude -p hi # want "RED:eval"
EOF
