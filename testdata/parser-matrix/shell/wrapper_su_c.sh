# su -c runs a shell command string as another user.
su agent -c 'claude -p hi' # want "RED:eval"
