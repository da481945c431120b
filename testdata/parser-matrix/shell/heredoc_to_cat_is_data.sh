# A heredoc given to cat is printed, not run.
cat <<'EOF'
claude -p "hello"
EOF
