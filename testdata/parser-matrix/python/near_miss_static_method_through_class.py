# Near miss of static_method_through_class.py: the same static and class
# methods running git; "claude" is only a label passed beside it.
import subprocess


class Tools:
    @staticmethod
    def run(argv, label):
        return subprocess.run(argv)

    @classmethod
    def start(cls, program, label):
        return subprocess.Popen([program, "-p"])


Tools.run(["git", "status"], "claude")
Tools.start("git", "claude")
