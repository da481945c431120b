# A gated launch beside a direct one: each judged alone.
launch-runtime --runtime claude -- -p a # want "GATED"
claude -p b # want "RED:direct-literal"
