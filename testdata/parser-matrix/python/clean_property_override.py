# Near miss of property_override.py: the property returns another
# program (git) and the arguments name a runtime: clean.
import abc
import subprocess


class Tool(abc.ABC):
    @property
    @abc.abstractmethod
    def executable(self) -> str: ...

    def run(self, *args: str):
        return subprocess.run([self.executable, *args], check=True)


class GitTool(Tool):
    @property
    def executable(self) -> str:
        return "git"


GitTool().run("log", "--grep", "claude")
