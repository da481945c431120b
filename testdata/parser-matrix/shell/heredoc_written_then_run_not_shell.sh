# Near miss: a heredoc written to a file and then read, whose text is
# not a shell script (no shell `#!` line), is data.
cat > /tmp/notes.txt <<'EOS'
claude -p "this is a note, not a script"
EOS
wc -l /tmp/notes.txt
