# An attribute set with setattr is an attribute of the instance, read
# through any instance (issue 15's family).
import subprocess


class Box:
    pass


b = Box()
setattr(b, "tool", "claude")
subprocess.run([b.tool, "-p"])  # want "RED:variable-execution"
