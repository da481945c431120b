# The gated form in a heredoc fed to bash.
bash <<'EOF'
launch-runtime --runtime claude -- -p hi # want "GATED"
EOF
