# The gated form behind nohup.
nohup launch-runtime --runtime pi -- --print hi > agent.log 2>&1 & # want "GATED"
