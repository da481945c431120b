# A heredoc for a script operand is that script's input, not shell.
bash ./setup.sh <<'EOF'
claude
EOF
