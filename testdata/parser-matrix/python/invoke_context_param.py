# invoke: a function given the Context without the @task decorator (a
# helper a task calls from another module, a task registered by hand) runs
# its line in a shell as a task's c.run does.
from invoke import Collection, Context, Task


def review(c):
    c.run("claude -p review")  # want "RED:direct-literal"


def deploy(ctx: Context, target):
    ctx.run(f"pi -p deploy {target}")  # want "RED:direct-literal"


ns = Collection(Task(review))
