# A readonly variable.
readonly AGENT=pi
$AGENT --print hi # want "RED:variable-execution"
