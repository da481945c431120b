# Near miss: the same splat of a tuple naming git stays green.
import os

ARGV = ("git", ["git", "status"])
os.execvp(*ARGV)
