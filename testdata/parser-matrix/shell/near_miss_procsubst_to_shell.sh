#!/bin/bash
# Near miss of procsubst_to_shell.sh: the same process substitutions
# printing a command that is no runtime (`git`), and a runtime's name
# given to a command that is no shell.
source <(printf '%s status\n' git)
. <(echo git log)
bash <(echo git fetch)
diff <(echo claude) <(echo pi)
