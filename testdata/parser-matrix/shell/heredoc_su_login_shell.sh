# su - USER with no -c reads the heredoc as shell.
su - agent <<'EOF'
pi --print hi # want "RED:eval"
EOF
