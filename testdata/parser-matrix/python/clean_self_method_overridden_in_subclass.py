# Near miss of self_method_overridden_in_subclass.py: the overrides return
# other tools, and a class outside the hierarchy whose method of the same
# name returns the runtime is not a possibility of `self.build_command()`
# (it is never the instance's class).
import subprocess


class Invoker:
    def build_command(self):
        return ["ls"]

    def run(self):
        return subprocess.run(self.build_command())


class GitInvoker(Invoker):
    def build_command(self):
        return ["git", "status"]


class Describer:
    def build_command(self):
        return ["claude", "-p", "hi"]

    def show(self):
        return " ".join(self.build_command())
