# timeout with a kill-after and a duration.
timeout -k 5 300 claude -p hi # want "RED:direct-literal"
