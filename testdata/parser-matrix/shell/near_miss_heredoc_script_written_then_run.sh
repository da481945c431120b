#!/bin/sh
# heredoc_script_written_then_run.sh where the script run holds plain
# tools, and one naming the runtime is written but never run.
cat >/tmp/nightly.sh <<'EOS'
make report
EOS
sh /tmp/nightly.sh
cat >/tmp/notes.sh <<'EOS'
claude -p "not run"
EOS
cat /tmp/notes.sh
