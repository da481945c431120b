#!/bin/bash
# A wrapper script the text writes to be run (into a bin folder, or made
# executable by the text) whose first line names a shell, run under a
# name the scan cannot follow (`bot` on PATH, "$HOME/bin/ask"): it is
# scanned where it is written. Also echo or printf of literal words into
# a file run by its path. Near miss: near_miss_script_written_to_run.sh.
cat > /usr/local/bin/bot <<'EOS' # want "RED:eval"
#!/bin/sh
exec pi "$@"
EOS
bot --print "go"
printf '#!/bin/sh\nexec claude "$@"\n' > "$HOME/bin/ask" # want "RED:eval"
"$HOME/bin/ask" -p "hello"
printf '#!/bin/sh\nexec %s -p "$1"\n' claude > ./review.sh # want "RED:eval"
chmod +x ./review.sh
echo "claude -p nightly" > ./job.sh
sh ./job.sh # want "RED:eval"
# a here-string's text, and a script with no `#!` line (the shell that
# execs it runs it): review 26
tee /usr/local/bin/rv <<< "exec claude \"\$@\"" # want "RED:eval"
chmod +x /usr/local/bin/rv
