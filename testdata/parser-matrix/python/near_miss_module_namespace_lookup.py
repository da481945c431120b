# Near miss of module_namespace_lookup.py: the same look-ups in a
# module's namespace and an instance's attributes name git, and the
# runtime's name is only an argument.
import subprocess

TOOL = "git"
name = "TOOL"
subprocess.run([globals()[name], "log", "--grep", "claude"])


class Cfg:
    pass


cfg = Cfg()
vars(cfg)["tool"] = "git"
cfg.__dict__["msg"] = "claude"
subprocess.run([cfg.tool, "commit", "-m", cfg.msg])
