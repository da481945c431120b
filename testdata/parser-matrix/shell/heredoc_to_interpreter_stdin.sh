#!/bin/bash
# A here-document, here-string or pipe fed to an interpreter that reads
# its program from standard input (`python3 -` or no script, `node` or
# `node -`, `perl`, `ruby`, `deno run -`, behind any wrapper) is that
# language's code (review23 107), judged as the same code given to `-c`
# or `-e` is: its process calls are scanned as shell and the language's
# detector reads it whole. Near miss: clean_heredoc_to_interpreter_stdin.sh.
python3 - <<'EOF'
import subprocess # want "RED:eval"
subprocess.run(["claude", "-p", "hi"])
EOF
sudo -u ci node <<'EOF'
require("child_process").execSync("pi --mode rpc"); // # want "RED:eval"
EOF
perl <<< 'exec "claude", "-p", "x";' # want "RED:eval"
echo 'import os; os.system("claude -p review")' | python3 # want "RED:eval"
