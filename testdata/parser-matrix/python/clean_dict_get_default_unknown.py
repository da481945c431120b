# Near miss of dict_get_default_unknown.py: the same `.get(key, default)`
# on a mapping the file does not know, with a default that names no
# runtime (the prompt does).
import subprocess


def review(tools, prompt):
    subprocess.run([tools.get("review", "git"), "log", prompt], check=True)


review({}, "claude")
