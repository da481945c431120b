# command -v only looks a name up: not a launch.
command -v claude >/dev/null 2>&1 || echo "missing"
command -V pi
