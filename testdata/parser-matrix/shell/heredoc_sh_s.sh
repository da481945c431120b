# sh -s reads its commands from the heredoc.
sh -s -- arg <<'EOF'
pi --print hi # want "RED:eval"
EOF
