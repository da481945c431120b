#!/bin/sh
# The docker-entrypoint pattern: set -- prepends the runtime, exec "$@" runs it.
set -e
if [ "${1#-}" != "$1" ]; then
  set -- claude "$@"
fi
exec "$@" # want "RED:variable-execution"
