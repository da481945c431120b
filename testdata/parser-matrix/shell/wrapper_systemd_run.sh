# systemd-run starts the runtime as a unit.
systemd-run --user --unit agent claude -p hi # want "RED:direct-literal"
