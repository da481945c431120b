# callable_handed_with_args.py with plain tools handed: the runtime's
# name is a thread's name and a job's label, not an argument the
# callable is called with.
import subprocess
import threading
from multiprocessing import Pool

threading.Thread(target=subprocess.call, args=(["git", "gc"],), name="claude").start()

BATCH = [[tool, "--version"] for tool in ("git", "make")]
with Pool(2) as pool:
    pool.map(subprocess.run, BATCH)
    pool.apply_async(subprocess.check_call, (["ruff", "check"],), callback=print)
    pool.starmap(print, [("claude", "-p")])
