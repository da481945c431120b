#!/bin/bash
# Near miss of wrapper_written_through_fd.sh: the same descriptor writing
# a wrapper of another program, and a log a runtime's name is echoed to.
exec 3> /usr/local/bin/rv
echo '#!/bin/sh' >&3
echo 'exec prettier --check "$@"' >&3
exec 3>&-
chmod +x /usr/local/bin/rv
rv go
exec 4>> build.log
echo "claude is installed" >&4
