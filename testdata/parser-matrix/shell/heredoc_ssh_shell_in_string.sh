# ssh HOST 'cd DIR && exec bash': the shell named in the remote string
# reads the heredoc as shell.
ssh build-host 'cd /srv && exec bash' <<'EOF'
claude -p hi # want "RED:eval"
EOF
