# An option's dest, its choices and set_defaults are the values its
# attribute may hold (optparse's add_option too).
import argparse
import optparse
import subprocess

p = argparse.ArgumentParser()
p.add_argument("-r", "--runtime", dest="tool", choices=["codex", "claude"])
p.set_defaults(shell="pi")
ns = p.parse_args()
subprocess.run([ns.tool])  # want "RED:dynamic"
subprocess.run([ns.shell])  # want "RED:dynamic"

o = optparse.OptionParser()
o.add_option("--bin", default="claude")
opts, rest = o.parse_args()
subprocess.run([opts.bin])  # want "RED:dynamic"
