# ptyprocess running the runtime through launch-runtime is gated.
from ptyprocess import PtyProcessUnicode

PtyProcessUnicode.spawn(["launch-runtime", "--runtime", "claude", "--", "-p", "x"])  # want "GATED"
