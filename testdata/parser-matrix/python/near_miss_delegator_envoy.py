# Near miss: delegator and envoy running pytest and git.
import delegator
import envoy

delegator.run("pytest -q")
envoy.run("git log --grep claude")
