# A function of the file handed to a library that calls it with given
# arguments: its parameters take them, as from a call written out
# (Thread's target= and args=, Pool.map over a list, executor.submit by
# convention), and so does a class's __call__ from a call of an
# instance. Near miss: near_miss_helper_handed_with_args.py.
import subprocess
import threading
from concurrent.futures import ThreadPoolExecutor
from multiprocessing.pool import ThreadPool


def review(program, prompt):
    subprocess.run([program, "-p", prompt])  # want "RED:variable-execution"


def summarize(program):
    subprocess.run([program, "--print", "summary"])  # want "RED:variable-execution"


def triage(*argv):
    subprocess.run(argv)  # want "RED:variable-execution"


class Agent:
    def __call__(self, *words):
        return subprocess.call(list(words))  # want "RED:variable-execution"


threading.Thread(target=review, args=("claude", "look")).start()
ThreadPool(2).map(summarize, ["git", "pi"])
with ThreadPoolExecutor() as ex:
    ex.submit(triage, "claude", "-p", "triage")
agent = Agent()
agent("pi", "-p", "go")
