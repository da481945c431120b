# Near miss of handed_coloured_to_unknown.py: printed instructions
# coloured by termcolor or click (as claude-flow's chalk inside
# console.log) and click's printer run nothing.
import click
from termcolor import colored


def instructions(prompt_file):
    print(colored(f"   claude -p \"$(cat {prompt_file})\"", "green"))
    click.echo(click.style(f"   claude --print < {prompt_file}", fg="green"))
    click.secho("   claude -p 'review'", fg="yellow")
