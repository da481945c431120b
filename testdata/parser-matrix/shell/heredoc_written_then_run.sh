# A script written with a heredoc and then run from the same text: the
# heredoc is the script's text, scanned as one (its launch is where the
# heredoc names the runtime). Written and never named again it runs
# nothing (heredoc_written_to_file.sh).
cat > /tmp/ai-job.sh <<'EOS'
#!/bin/sh
claude -p "nightly review" # want "RED:eval"
EOS
chmod +x /tmp/ai-job.sh
/tmp/ai-job.sh
tee job2.sh > /dev/null <<'EOS'
#!/usr/bin/env bash
pi -p "second job" # want "RED:eval"
EOS
bash job2.sh
