# Near miss of unknown_wrapper_runs.sh: programs known to run nothing of
# their arguments (output, search, version control, installers, process
# look-ups), the runtime's name as a bare operand, prose that does not
# start with a runtime, and an unknown program running another tool.
grep -r claude .
git commit -m "claude -p is now gated"
echo "run: claude -p x"
brew install claude
npm install -g @anthropic-ai/claude-code
which claude
command -v claude
launch-runtime --runtime claude -- -p x # want "GATED"
ssh host uptime
mosh host -- htop
kill $(pgrep claude)
pkill -f "claude -p"
ps aux | grep claude
notify-send "claude -p finished"
journalctl -u claude -f
cp claude claude.bak
remote-run --host claude -- uptime
report --title "the claude -p run failed" --labels bug
tool claude -p x
zenity --info --text "claude -p finished"
sed -i 's/claude -p/launch-runtime --runtime claude -- -p/' ci.sh
xform --expr 's/claude -p/x/' file
