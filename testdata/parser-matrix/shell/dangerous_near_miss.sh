# Flags that look like the primitive but are not.
echo "--dangerously-skip"
claude_flags="--permission-mode acceptEdits"
echo "skip-permissions is not a flag on its own"
