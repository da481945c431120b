# A tilde path ending in pi.
~/.local/bin/pi --help # want "RED:absolute-path"
