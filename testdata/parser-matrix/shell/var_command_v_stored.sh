# A path found with command -v, stored and run.
bin="$(command -v claude)"
exec "$bin" -p hi # want "RED:dynamic"
