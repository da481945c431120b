# ssh with no remote command runs the heredoc in the login shell.
ssh -i key.pem build-host <<'EOF'
claude -p hi # want "RED:eval"
EOF
