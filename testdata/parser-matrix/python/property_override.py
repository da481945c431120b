# A base class runs `[self.executable, *args]` where `executable` is a
# property; a subclass in the same file overrides it to return the
# runtime (issue 16): the property's value is what its getter returns,
# any class's of the file (as for an attribute set in `__init__`).
import abc
import subprocess


class Tool(abc.ABC):
    @property
    @abc.abstractmethod
    def executable(self) -> str: ...

    def run(self, *args: str):
        return subprocess.run([self.executable, *args], check=True)  # want "RED:variable-execution"


class ClaudeTool(Tool):
    @property
    def executable(self) -> str:
        return "claude"


ClaudeTool().run("-p", "review")
