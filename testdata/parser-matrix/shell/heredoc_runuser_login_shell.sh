# runuser -l USER with no command runs a login shell that reads the heredoc.
runuser -l agent <<'EOF'
pi --print hi # want "RED:eval"
EOF
