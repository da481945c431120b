# delegator and envoy running the runtime through launch-runtime.
import delegator
import envoy

delegator.run("launch-runtime --runtime claude -- -p x")  # want "GATED"
envoy.run("launch-runtime --runtime pi -- -p x")  # want "GATED"
