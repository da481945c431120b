# A helper whose parameter is read from more call sites than MaxCallSites
# (32) compares one by one: the sites past the bound are still read, so
# the one call giving claude among forty giving git is RED at the run.
import subprocess


def run(binary):
    return subprocess.run([binary])  # want "RED:variable-execution"


run('git')
run('git')
run('git')
run('git')
run('git')
run('git')
run('git')
run('git')
run('git')
run('git')
run('git')
run('git')
run('git')
run('git')
run('git')
run('git')
run('git')
run('git')
run('git')
run('git')
run('git')
run('git')
run('git')
run('git')
run('git')
run('git')
run('git')
run('git')
run('git')
run('git')
run('git')
run('git')
run('git')
run('git')
run('git')
run('git')
run('git')
run('git')
run('git')
run('git')
run('claude')
