#!/bin/bash
# Near miss of printf_escapes_written.sh: the same escapes spelling
# other programs (`\147it` is git), and a runtime's name only echoed.
printf '#!/bin/sh\nexec \147it status "$@"\n' > ~/bin/rv
chmod +x ~/bin/rv
echo -e '#!/bin/sh\nexec \0154s -l "$@"' > /usr/local/bin/pp
printf '#!/bin/sh\necho "\143laude is not run here"\n' > /usr/local/bin/hx
