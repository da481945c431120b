# A folder named after the runtime does not make its scripts the runtime.
/opt/claude/bin/run.sh
./claude/setup.sh
