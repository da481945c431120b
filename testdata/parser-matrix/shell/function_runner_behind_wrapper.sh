# A function that runs its arguments behind a wrapper (firejail, runuser
# -u bob --) launches what it is given.
jail() { firejail --quiet "$@"; }
jail claude -p hi # want "RED:direct-literal"
as_bob() { runuser -u bob -- "$@"; }
as_bob pi --print hi # want "RED:direct-literal"
