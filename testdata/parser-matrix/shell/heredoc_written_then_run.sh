# A script written with a heredoc and then run from the same text: the
# heredoc is the script's text, scanned as one, its launch reported where
# the file is run (heredoc_script_written_then_run.sh). Written and never
# run it runs nothing (heredoc_written_to_file.sh).
cat > /tmp/ai-job.sh <<'EOS'
#!/bin/sh
claude -p "nightly review"
EOS
chmod +x /tmp/ai-job.sh
/tmp/ai-job.sh # want "RED:eval"
tee job2.sh > /dev/null <<'EOS'
#!/usr/bin/env bash
pi -p "second job"
EOS
bash job2.sh # want "RED:eval"
