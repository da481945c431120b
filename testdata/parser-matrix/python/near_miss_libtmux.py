# Near miss: libtmux running pytest and a shell, typing git into a pane;
# str.split in the same file is not a pane's split.
import libtmux

server = libtmux.Server()
session = server.new_session(session_name="ci", window_command="pytest -q")
window = session.new_window(window_name="logs", window_shell="tail -f build.log")
pane = window.split(shell="bash")
pane.send_keys("git status", enter=True)
names = "claude pi".split(" ")
