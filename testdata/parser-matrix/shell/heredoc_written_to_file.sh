# Writing a script with a heredoc runs nothing now; the written file is scanned where it lives.
cat > run-agent.sh <<'EOF'
#!/bin/sh
claude -p "$1"
EOF
