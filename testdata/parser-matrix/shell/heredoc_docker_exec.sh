# docker exec -i box sh reads the heredoc as shell.
docker exec -i box sh <<'EOF'
pi --print hi # want "RED:eval"
EOF
