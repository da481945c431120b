# A transport class keeps the CLI path in self._cli_path, found with shutil.which in a method run through anyio.to_thread: dynamic.
import shutil

import anyio


class Transport:
    def __init__(self, cli_path=None):
        self._cli_path = cli_path

    def _locate(self):
        if found := shutil.which("claude"):
            return found
        raise FileNotFoundError("claude")

    def _command(self):
        cmd = [self._cli_path, "--output-format", "stream-json"]
        cmd.append("--verbose")
        return cmd

    async def connect(self):
        if self._cli_path is None:
            self._cli_path = await anyio.to_thread.run_sync(self._locate)
        self.proc = await anyio.open_process(self._command())  # want "RED:dynamic"

    async def version(self):
        return await anyio.open_process([self._cli_path, "-v"])  # want "RED:dynamic"
