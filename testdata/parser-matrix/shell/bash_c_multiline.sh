# A multi-line bash -c string reports the launch on its own line.
bash -c '
  set -e
  claude -p hi # want "RED:eval"
'
