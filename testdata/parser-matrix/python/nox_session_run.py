# nox: a session's run() starts a program, every positional argument an
# argv element (a fresh reviewer's p11).
import nox

AGENT = "claude"


@nox.session(python=False)
def review(session):
    session.run(AGENT, "-p", "review the diff", external=True)  # want "RED:variable-execution"


@nox.session
def plan(session):
    session.run_always("pi", "-p", "plan")  # want "RED:process-api"
