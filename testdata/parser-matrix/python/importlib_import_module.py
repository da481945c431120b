# A module imported by importlib.import_module or __import__ with a literal
# name is that module, bound to the name it is assigned to.
import importlib
from importlib import import_module

sdk = importlib.import_module("claude_agent_sdk")
sp = importlib.import_module("subprocess")
old = import_module(name="claude_code_sdk")
osmod = __import__("os")
dotted = __import__("os.path")


async def main():
    async for m in sdk.query(prompt="hi"):  # want "RED:sdk"
        print(m)
    async for m in old.query(prompt="hi"):  # want "RED:sdk"
        print(m)


sp.run(["claude", "-p", "x"])  # want "RED:process-api"
__import__("claude_agent_sdk").query(prompt="x")  # want "RED:sdk"
osmod.system("pi --print x")  # want "RED:direct-literal"
dotted.execvp("claude", ["claude", "-p"])  # want "RED:process-api"
