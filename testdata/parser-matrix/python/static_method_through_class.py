# A @staticmethod helper called through its class: `Tools.run(argv)`
# passes argv as the first parameter (no self to skip), so the parameter
# takes the call's first argument. It was read as `self` and the runtime
# went unseen. A @classmethod skips `cls` as a method skips `self`.
import subprocess


class Tools:
    @staticmethod
    def run(argv):
        return subprocess.run(argv)  # want "RED:variable-execution"

    @classmethod
    def start(cls, program):
        return subprocess.Popen([program, "-p"])  # want "RED:variable-execution"


Tools.run(["claude", "-p"])
Tools.start("claude")
