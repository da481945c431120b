# A launch between other commands on one line.
echo start; claude -p hi; echo done # want "RED:direct-literal"
