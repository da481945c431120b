#!/usr/bin/env bash
# npm ci with a bound: each try is stopped after 10 minutes (a download
# that hangs on a socket never ends by itself), and a failed or stopped
# try is made again from scratch, three tries in all. Arguments are
# npm ci's own. Run it in the folder that holds the lock file.
set -uo pipefail
for try in 1 2 3; do
	if timeout 600 npm ci --fetch-timeout=120000 --fetch-retries=4 "$@"; then
		exit 0
	fi
	echo "npm ci failed or took over 10 minutes (try $try of 3)" >&2
	rm -rf node_modules
done
exit 1
