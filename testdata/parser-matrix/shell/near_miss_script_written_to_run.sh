#!/bin/bash
# script_written_to_run.sh where the scripts written to be run hold plain
# tools, and one naming the runtime has no shebang and is never run
# (notes for a person, not a script).
cat > /usr/local/bin/bot <<'EOS'
#!/bin/sh
exec make report "$@"
EOS
bot
printf '#!/bin/sh\nexec eslint "$@"\n' > "$HOME/bin/lint"
chmod +x "$HOME/bin/lint"
echo "try claude -p for a summary" > ./NOTES.txt
echo "make nightly" > ./job.sh
sh ./job.sh
tee /usr/local/bin/fmt <<< "exec prettier \"\$@\""
chmod +x /usr/local/bin/fmt
