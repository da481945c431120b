# The gated form through plumbum.
from plumbum import local, FG

local["launch-runtime"]["--runtime", "claude", "--", "-p"] & FG  # want "GATED"
