#!/bin/bash
# Near miss of brace_glob_name.sh: brace expansions and globs that name
# no runtime, a runtime's name made by one given to a command that runs
# nothing, and globs with fewer than two literal characters (a list of
# files, not a name).
gi{t,} status 2>/dev/null
echo cla{ude,}
mkdir -p build/{claude,pi}
ls ~/.local/bin/cl?ude
for f in hooks/*; do "$f"; done
for f in bin/p?; do "$f" --version; done
cp prompts/claude*.md out/
find . -name '*.sh' -exec shellcheck {} +
