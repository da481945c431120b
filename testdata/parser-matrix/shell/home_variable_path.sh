# An environment variable folder with a literal runtime name is still a path to it.
"$HOME/.local/bin/claude" -p hi # want "RED:absolute-path"
