#!/usr/bin/env zsh
# A zsh script is parsed as bash on a best-effort basis.
claude -p hi # want "RED:direct-literal"
