# A helper module of a task collection: it does not import invoke, and the
# task that calls it lives in another module; its first parameter, named
# as invoke names the Context, runs its line in a shell.


def review(c, path):
    c.run(f"claude -p 'review {path}'")  # want "RED:direct-literal"


def release(ctx):
    ctx.sudo("pi -p release")  # want "RED:direct-literal"
