#!/bin/bash
# Near miss of heredoc_to_interpreter_stdin.sh: a heredoc Python program
# that runs `ls`, and heredocs that are data for a script or for `-c`
# code (the interpreter's standard input, not its program), naming claude.
python3 - <<'EOF'
import subprocess
subprocess.run(["ls", "-l"])
EOF
python3 tools/summarize.py <<'EOF'
claude -p hi
EOF
python3 -c 'import sys; print(sys.stdin.read())' <<< "claude -p hi"
