# The wrapper started through npx.
npx launch-runtime --runtime claude -- -p hi # want "GATED"
