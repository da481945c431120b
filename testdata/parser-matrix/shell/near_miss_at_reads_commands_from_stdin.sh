# at_reads_commands_from_stdin.sh scheduling plain jobs, listing the
# queue, and a job file: the runtime's name is only a queue's label.
echo 'make backup' | at now + 1 hour
at -l claude
at -q c -f jobs/cleanup.sh midnight
