# helper_handed_with_args.py with plain tools handed in: the runtime's
# name is only a label the callable prints.
import subprocess
import threading
from concurrent.futures import ThreadPoolExecutor
from multiprocessing.pool import ThreadPool


def review(program, label):
    print(label)
    subprocess.run([program, "status"])


def summarize(program):
    subprocess.run([program, "--version"])


class Tool:
    def __call__(self, *words):
        return subprocess.call(list(words))


threading.Thread(target=review, args=("git", "claude")).start()
ThreadPool(2).map(summarize, ["git", "make"])
with ThreadPoolExecutor() as ex:
    ex.submit(review, "ruff", "claude")
tool = Tool()
tool("make", "claude")
