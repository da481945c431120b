# A quoted heredoc fed to bash.
bash <<'EOF'
cd /w
claude -p hi # want "RED:eval"
EOF
