# Near miss of crontab_install.sh: a crontab listed, removed or filtered
# for the runtime's name, jobs that name it only as an argument or a log,
# and a crontab line echoed to the terminal.
crontab -l | grep claude
crontab -r
echo "0 3 * * * /usr/bin/backup --tag claude" | crontab -
crontab - <<'EOF'
MAILTO=claude@example.com
# claude -p runs from launch-runtime now
@hourly tail -n 100 /var/log/claude.log > /tmp/last
EOF
echo "0 3 * * * claude -p x"
