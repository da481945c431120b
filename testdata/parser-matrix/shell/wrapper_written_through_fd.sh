#!/bin/bash
# A wrapper written through a file descriptor (review 27 H): `exec 3>
# FILE` opens the file, and what goes to >&3 is written to it. Lines that
# name a runtime written there make the file a wrapper of it; running it
# is the runtime, found at run time. Near miss:
# near_miss_wrapper_written_through_fd.sh.
exec 3> /usr/local/bin/rv
echo '#!/bin/sh' >&3
echo 'exec claude -p "$@"' >&3
exec 3>&-
chmod +x /usr/local/bin/rv
rv go # want "RED:dynamic"
