# at and batch schedule the commands they read from standard input: a
# line piped or a here-document is a shell script run later. Near miss:
# near_miss_at_reads_commands_from_stdin.sh.
echo 'cd /srv/repo && claude -p "nightly"' | at 02:00 tomorrow # want "RED:eval"
batch <<'EOF2'
pi --print "weekly summary" # want "RED:eval"
EOF2
