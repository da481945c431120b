#!/bin/sh
echo 'never pass --dangerously-skip-permissions' # check-launches: inert help text
claude -p x # check-launches: inert trust me
echo 'pass --dangerously-skip-permissions' # check-launches: inert
echo hello # check-launches: inert stale
