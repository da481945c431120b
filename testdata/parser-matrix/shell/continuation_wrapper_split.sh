# A wrapper and the runtime on different continued lines.
nohup \
  claude -p hi & # want "RED:direct-literal"
