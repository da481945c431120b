# A crontab installed from standard input or from a file the script
# writes: after the schedule, each line is a command cron's shell runs
# (class eval). Near miss: clean_crontab_install.sh.
LINE='0 3 * * * cd /srv/repo && claude -p "nightly triage" >> /var/log/agent.log 2>&1'
( crontab -l 2>/dev/null | grep -v nightly; echo "$LINE" ) | crontab - # want "RED:eval"
echo "0 3 * * * claude -p x" | crontab - # want "RED:eval"
crontab - <<'EOF'
# nightly
SHELL=/bin/bash
@daily cd /srv && pi -p "triage" # want "RED:eval"
EOF
sudo crontab -u agent - <<< "0 * * * * claude -p hourly" # want "RED:eval"
cat > /tmp/agent.cron <<'EOF'
*/5 * * * * claude -p "poll" >> /tmp/agent.log 2>&1
EOF
crontab /tmp/agent.cron # want "RED:eval"
