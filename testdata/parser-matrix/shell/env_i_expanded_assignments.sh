# env -i with assignments that expand the environment: each assignment is
# one word, known or not, and never hides the command after it (issue 15).
env -i HOME="$HOME" PATH=/usr/bin claude -p "$(cat prompt.md)" # want "RED:direct-literal"
env -i HOME="$HOME" PATH="$PATH:$HOME/bin" make -C "$dir" test
