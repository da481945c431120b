# setattr of another program.
import subprocess


class Box:
    pass


b = Box()
setattr(b, "tool", "git")
subprocess.run([b.tool, "log"])
