# A dict whose values are all other programs is clean by any key.
import subprocess

FORMATTERS = {"py": "black", "go": "gofmt"}


def fmt(lang, path):
    subprocess.run([FORMATTERS[lang], path])
    subprocess.run([FORMATTERS.get(lang, "cat"), path])
