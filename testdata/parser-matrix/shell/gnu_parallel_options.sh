#!/usr/bin/env bash
# GNU parallel runs its command words once per argument: its options
# that take a value (--jobs, --halt, --joblog) are passed over, an option
# the table does not list may take one (both readings are judged), and a
# single string is run by a shell (review21/042); rush runs its string
# the same way. Near miss: clean_gnu_parallel_gzip.sh.
parallel --jobs 4 --halt soon,fail=1 claude -p "Review {}" :::: /tmp/changed.txt # want "RED:direct-literal"
parallel --joblog /tmp/j --new-option x pi -p "Review {}" ::: a b # want "RED:direct-literal"
parallel 'claude -p "Review {}"' ::: a b # want "RED:eval"
rush -j 4 'claude -p "Review {}"' < /tmp/changed.txt # want "RED:eval"
