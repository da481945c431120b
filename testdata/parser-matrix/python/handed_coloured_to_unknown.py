# A command coloured for a terminal and handed to a call the analysis
# does not model is still that call's command (the colour is not a
# printer). Near miss: clean_handed_coloured_print.py.
from termcolor import colored
from podlib import run_in_pod


def go(prompt_file):
    run_in_pod(colored(f"claude -p \"$(cat {prompt_file})\"", "green"))  # want "RED:direct-literal"
