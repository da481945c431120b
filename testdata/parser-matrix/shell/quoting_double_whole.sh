# "claude" in double quotes is the word claude.
"claude" -p hi # want "RED:direct-literal"
