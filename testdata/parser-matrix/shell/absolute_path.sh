# An absolute path ending in the runtime.
/usr/local/bin/claude -p hi # want "RED:absolute-path"
