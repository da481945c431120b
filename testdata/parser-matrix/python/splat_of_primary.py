# A list whose only element is the splat of an attribute, a call or a
# subscript (`[*Agent.ARGV]`, `[*agent_cmd()]`, `[*Agent.ARGV[:1]]`):
# tree-sitter-python parses it as the attribute (call, subscript) of the
# splat of the first name, which spread only that name; the tree is
# mended so the splat spreads the whole expression (issue 16).
import subprocess


class Agent:
    ARGV = ["claude", "-p"]


def agent_cmd():
    return ("pi", "--print")


subprocess.run([*Agent.ARGV])  # want "RED:variable-execution"
subprocess.run([*agent_cmd()])  # want "RED:variable-execution"
subprocess.run([*Agent.ARGV[:1]])  # want "RED:variable-execution"
