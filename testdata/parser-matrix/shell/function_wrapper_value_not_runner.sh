# "$1" as an option's value is not a command: as_user runs whoami, not its
# arguments.
as_user() { sudo -u "$1" whoami; }
as_user claude
