# sudo bash with a heredoc.
sudo bash <<'EOF'
claude -p hi # want "RED:eval"
EOF
