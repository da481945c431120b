#!/bin/bash
# A wrapper written by printf or echo -e whose program is spelled with
# escapes (review 27 H): octal (`\143laude`, echo's `\0160i`) and hex
# (`\x63`) bytes are read as printf and echo read them. Near miss:
# near_miss_printf_escapes_written.sh.
printf '#!/bin/sh\nexec \143laude -p "$@"\n' > ~/bin/rv # want "RED:eval"
chmod +x ~/bin/rv
echo -e '#!/bin/sh\nexec \0160i --print "$@"' > /usr/local/bin/pp # want "RED:eval"
printf '#!/bin/sh\nexec \x63laude "$@"\n' > /usr/local/bin/hx # want "RED:eval"
