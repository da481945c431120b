"""Triage failing tests with Pi, started through the lease-gated wrapper."""
import subprocess
import sys


def triage(log_path: str) -> int:
    argv = ["launch-runtime", "--runtime", "pi", "--", "-p", f"triage {log_path}"]
    return subprocess.run(argv, check=False).returncode


if __name__ == "__main__":
    sys.exit(triage(sys.argv[1] if len(sys.argv) > 1 else "test.log"))
