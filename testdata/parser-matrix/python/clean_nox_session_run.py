# Near miss: nox sessions running the tests and a linter.
import nox


@nox.session
def tests(session):
    session.install("pytest")
    session.run("pytest", "-q")


@nox.session(python=False)
def lint(session):
    session.run("ruff", "check", ".", external=True)
