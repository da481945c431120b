# A base class method runs what `self.build_command()` returns, and a
# subclass in the same file overrides the method to return the runtime:
# a method through self is every method of that name in the classes the
# instance may be (the class, its bases and its subclasses in the file),
# as a set (issue 16, takopi and cli-agent-mcp). Also through a subclass
# of a subclass, and through `asyncio.to_thread(self.m)`.
import asyncio
import subprocess


class Invoker:
    def build_command(self):
        return ["ls"]

    def run(self):
        return subprocess.run(self.build_command())  # want "RED:variable-execution"


class ClaudeInvoker(Invoker):
    def build_command(self):
        return ["claude", "-p", "hi"]


class Runner:
    def command(self):
        raise NotImplementedError

    async def start(self):
        prog = await asyncio.to_thread(self.command)
        return await asyncio.create_subprocess_exec(prog, "--mode", "rpc")  # want "RED:variable-execution"


class Mid(Runner):
    pass


class PiRunner(Mid):
    def command(self):
        return "pi"
