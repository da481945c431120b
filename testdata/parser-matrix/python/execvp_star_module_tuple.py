# A splat into the positional arguments of a process API: os.execvp(*ARGV)
# with ARGV a module tuple is os.execvp(ARGV[0], ARGV[1]).
import os

ARGV = ("claude", ["claude", "-p", "go"])
os.execvp(*ARGV)  # want "RED:variable-execution"
