# Reading documentation about the runtime is not a launch.
man claude
info pi
