#!/bin/bash
# A process substitution given to `source`, `.` or a shell as its script
# (review16 122): what it prints is shell text, scanned as a pipe into a
# shell is (`echo ... | bash`). Near miss: near_miss_procsubst_to_shell.sh.
source <(printf '%s -p review\n' claude) # want "RED:eval"
. <(echo pi --mode rpc) # want "RED:eval"
bash <(echo claude -p hi) # want "RED:eval"
