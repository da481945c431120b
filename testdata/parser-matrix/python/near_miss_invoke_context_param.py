# Near miss: the same helpers running pytest and git; a method's run and a
# parameter that is not the first are not the Context.
from invoke import Collection, Task


def test(c):
    c.run("pytest -q")


def tag(c, runner):
    c.run("git tag -l")
    runner.run("claude is named in a message")


class Log:
    def run(self, line):
        self.line = line

    def note(self, out):
        out.run("claude is named in a message")


ns = Collection(Task(test))
