# Near miss: a module that does not import invoke; a first parameter not
# named as a Context, and a Context running pytest.


def review(c, path):
    c.run(f"pytest -q {path}")


def report(runner):
    runner.run("claude is named in a message")


def note(out, c):
    c.run("claude is named in a message")
