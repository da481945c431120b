# Near miss: the option defaults to another tool; the help names the
# runtime.
import subprocess

import click


@click.command()
@click.option("--vcs", default="git", help="git, not claude")
def main(vcs):
    subprocess.run([vcs, "status"], check=True)
