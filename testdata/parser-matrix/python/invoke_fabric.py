# invoke and fabric run command lines in a shell, locally or on a remote
# host: a runtime started there is still a launch (issue 22).
import invoke
from fabric import Connection, SerialGroup, ThreadingGroup
from fabric.api import local, run, sudo
from invoke import Context, task

invoke.run("claude -p hi")  # want "RED:direct-literal"
invoke.sudo("claude -p hi")  # want "RED:direct-literal"
Context().run("claude -p hi")  # want "RED:direct-literal"


@task
def build(c):
    c.run("claude -p hi")  # want "RED:direct-literal"


local("claude -p hi")  # want "RED:direct-literal"
run("claude -p hi")  # want "RED:direct-literal"
sudo("claude -p hi")  # want "RED:direct-literal"

conn = Connection("build-host")
conn.run("claude -p hi")  # want "RED:direct-literal"
conn.local(command="claude -p hi")  # want "RED:direct-literal"
with Connection("h2") as c2:
    c2.sudo("claude -p hi")  # want "RED:direct-literal"
SerialGroup("a", "b").run("claude -p hi")  # want "RED:direct-literal"
ThreadingGroup("a", "b").run("claude -p hi")  # want "RED:direct-literal"

import fabric2  # noqa: E402  fabric 2 published as fabric2

fabric2.Connection("h3").run("claude -p hi")  # want "RED:direct-literal"
