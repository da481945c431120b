# A callable handed to a library that calls it with given arguments:
# threading.Thread and multiprocessing.Process call target(*args),
# Pool.apply_async calls f(*args), Pool.map and executor.map call f on
# each element, starmap on each element's items. A process API handed
# so is judged with those arguments. Near miss:
# near_miss_callable_handed_with_args.py.
import subprocess
import threading
from concurrent.futures import ThreadPoolExecutor
from multiprocessing import Pool, Process

threading.Thread(target=subprocess.call, args=(["claude", "-p", "a"],)).start()  # want "RED:process-api"
Process(target=subprocess.run, kwargs={"args": ["pi", "-p"]}, args=(["pi", "--print"],)).start()  # want "RED:process-api"

BATCH = [[tool, "-p", "sum"] for tool in ("git", "claude")]
with Pool(2) as pool:
    pool.map(subprocess.run, BATCH)  # want "RED:variable-execution"
    pool.apply_async(subprocess.check_call, (["claude", "-p", "b"],))  # want "RED:process-api"
    pool.starmap(subprocess.run, [(["pi", "-p", "c"],)])  # want "RED:process-api"
with ThreadPoolExecutor() as ex:
    list(ex.map(subprocess.run, [["claude", "-p", "d"]]))  # want "RED:process-api"
