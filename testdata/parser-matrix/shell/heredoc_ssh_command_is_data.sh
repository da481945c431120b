# ssh HOST uptime: the heredoc is the remote command's input, not shell.
ssh build-host uptime <<'EOF'
claude -p hi
EOF
