# sudo running tee: the heredoc is tee's input, not shell.
sudo -u agent tee /etc/agent.conf <<'EOF'
claude
EOF
