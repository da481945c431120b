# A named tuple made by a call (collections.namedtuple with a string or a
# list of field names, typing.NamedTuple with (name, type) pairs) has
# the fields of a class: a call of it sets them by position or keyword.
import subprocess
from collections import namedtuple
from typing import NamedTuple

A = namedtuple("A", "bin arg")
a = A("claude", "-p")
subprocess.run([a.bin, a.arg])  # want "RED:variable-execution"

B = NamedTuple("B", [("tool", str), ("flag", str)])
b = B("pi", "-p")
subprocess.run([b.tool, b.flag])  # want "RED:variable-execution"

C = namedtuple("C", ["exe", "opt"])
c = C(opt="-p", exe="claude")
subprocess.run([c.exe, c.opt])  # want "RED:variable-execution"
