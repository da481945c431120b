# A command's option whose default is a runtime (click decorators, typer
# parameter defaults): the program is the user's choice at run time.
import subprocess

import click
import typer


@click.command()
@click.option("--agent", "-a", default="claude", show_default=True)
@click.argument("prompt")
def main(agent, prompt):
    subprocess.run([agent, "-p", prompt], check=True)  # want "RED:dynamic"


@click.command()
@click.option("--tool", type=click.Choice(["codex", "pi"]))
def other(tool):
    subprocess.run([tool])  # want "RED:dynamic"


def cli(runtime: str = typer.Option("claude", "--runtime"), prompt: str = typer.Argument(...)):
    subprocess.run([runtime, "-p", prompt])  # want "RED:dynamic"
