# system imported from os, with a prefix assignment.
from os import system

system("FOO=1 claude -p hi")  # want "RED:direct-literal"
