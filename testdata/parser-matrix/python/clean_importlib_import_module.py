# Clean: modules imported by name that launch another tool, and a relative
# name, which is not the SDK.
import importlib

sp = importlib.import_module("subprocess")
sp.run(["git", "log", "--grep", "claude"])
js = importlib.import_module("json")
js.dumps({"agent": "claude"})
local = importlib.import_module(".claude_agent_sdk", "mypkg")
