# Trimming, slicing, replacement and case expansions of a value naming a
# runtime (review8 E/I: `BIN=${CMD%% *}`): the result may be any part of
# the value or of the replacement, so each runtime the value holds
# (ignoring case) is a possibility, dynamic. Near misses: the same
# expansions of values naming git and python, a path's folder, and a
# trimmed value that is only printed.
CMD='claude -p review'
BIN=${CMD%% *}
"$BIN" -p hi # want "RED:dynamic"
LINE="run: /usr/local/bin/pi --mode rpc"
"${LINE#* }" --mode rpc # want "RED:dynamic"
NAME=Claude
"${NAME,,}" -p hi # want "RED:dynamic"
TOOL=xclaude
"${TOOL:1}" -p hi # want "RED:dynamic"
T=git
"${T/git/claude}" -p hi # want "RED:dynamic"
GCMD='git log -n 1'
G=${GCMD%% *}
"$G" status
PY=/usr/bin/python3
"${PY##*/}" --version
"${0%/*}/helper.sh" build
NOTE='ask claude later'
echo "${NOTE#ask }"
