#!/bin/sh
# A POSIX sh script.
claude -p hi # want "RED:direct-literal"
