# sudo -i (a login shell with no command) reads the heredoc as shell.
sudo -iu agent <<'EOF'
claude -p hi # want "RED:eval"
EOF
