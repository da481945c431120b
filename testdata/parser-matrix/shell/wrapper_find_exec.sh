# find -exec runs the runtime per file.
find . -name '*.md' -exec claude -p {} \; # want "RED:direct-literal"
