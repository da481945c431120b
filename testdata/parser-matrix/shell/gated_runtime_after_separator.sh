# --runtime after -- belongs to the runtime's own arguments: not gated.
launch-runtime -- --runtime claude -p hi # want "RED:direct-literal"
