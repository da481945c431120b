# invoke and fabric running other programs; run() of an unrelated object.
import invoke
from fabric import Connection
from invoke import task

invoke.run("make test")


@task
def build(c):
    c.run("pytest -q")


Connection("h").run("uptime")


class Runner:
    def run(self, text):
        return text


Runner().run("claude is a name in a message")
