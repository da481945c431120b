# Latin-1 bytes in a comment and a string (café) must not make the script
# unparseable: shells run such files, so the launch below is still found.
echo "résumé ready"
claude -p "summarise" # want "RED:direct-literal"
