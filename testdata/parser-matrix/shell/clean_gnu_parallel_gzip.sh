#!/usr/bin/env bash
# Near miss of gnu_parallel_options.sh: parallel runs gzip on files named
# after the runtimes, and an option's value names one.
parallel --jobs 4 --halt soon,fail=1 gzip -9 :::: claude-logs.txt
parallel --tagstring claude --joblog pi.log gzip ::: claude.log pi.log
parallel 'gzip -9 {}' ::: claude.log
rush -j 4 'gzip -9 {}' < claude-logs.txt
