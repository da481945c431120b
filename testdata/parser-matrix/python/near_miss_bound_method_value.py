# Near miss of bound_method_value.py: the same bound methods called with
# another tool; "claude" is only data, and a module's function taken as a
# value is not a call of the method of the same name.
import subprocess


class Runner:
    def run(self, argv):
        return subprocess.run(argv)


r = Runner().run
r(["git", "status"])

sp = subprocess.run
sp(["git", "log"])
LABEL = {"agent": "claude"}


class Spawner:
    def spawn(self, program, prompt):
        return subprocess.Popen([program, "-p", prompt])


spawner = Spawner()
go = spawner.spawn
go("git", "claude")
