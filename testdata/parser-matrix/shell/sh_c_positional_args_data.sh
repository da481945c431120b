# Arguments a -c string only prints stay data.
bash -c 'echo "$1"' _ claude
