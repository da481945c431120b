# A prefix assignment then a wrapper.
FOO=1 exec claude -p hi # want "RED:direct-literal"
