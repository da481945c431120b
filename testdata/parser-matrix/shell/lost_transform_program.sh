#!/bin/bash
# A command word the script computes from data it holds whole by commands
# the analysis does not model (review16 08, 09, 19): a pipeline fed by
# echo/printf of known words or a here-string, through `rev`, `base64
# -d`, `sed`, `tr`: the value is lost, not from outside the file, so run
# as a command it is a dynamic launch of an unknown runtime. A trimming
# or replacement expansion of known values with a literal pattern is
# evaluated exactly (review16 20: `t=clxude; "${t/x/a}"` is `claude`).
# Near miss: near_miss_lost_transform_program.sh.
bin=$(echo edualc | rev)
$bin -p "hi" # want "RED:dynamic"
b64=$(echo Y2xhdWRl | base64 -d)
exec "$b64" -p "hi" # want "RED:dynamic"
tool=$(echo "clXude" | sed 's/X/a/')
"$tool" -p "go" # want "RED:dynamic"
up=$(tr a-z A-Z <<< "pi")
"$up" --mode rpc # want "RED:dynamic"
t=clxude
"${t/x/a}" -p "go" # want "RED:dynamic"
f=pi.sh
"${f%.sh}" --mode rpc # want "RED:dynamic"
