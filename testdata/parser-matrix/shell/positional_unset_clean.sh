# "$@" in a script that never sets it is the caller's: unknown, not a launch.
exec "$@"
