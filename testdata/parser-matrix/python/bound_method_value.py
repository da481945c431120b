# A bound method taken as a value: `r = Runner().run` (or `runner.run` of an
# instance) and then `r(argv)` is a call of the method, so its parameter
# takes what `r(...)` passes. The call through the name was no call site
# of the method, and the runtime went unseen (a reviewer's evasion).
import subprocess


class Runner:
    def run(self, argv):
        return subprocess.run(argv)  # want "RED:variable-execution"


r = Runner().run
r(["claude", "-p"])


class Spawner:
    def spawn(self, program, prompt):
        return subprocess.Popen([program, "-p", prompt])  # want "RED:variable-execution"


spawner = Spawner()
go = spawner.spawn
go("claude", "fix the tests")
