# ssh host bash reads the heredoc as shell.
ssh build-host bash <<'EOF'
claude -p hi # want "RED:eval"
EOF
