# Either side of && / || can launch.
[ -n "$FAST" ] && claude -p hi || pi --print hi # want "RED:direct-literal" "RED:direct-literal"
