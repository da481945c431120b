# libtmux starts a window or pane with a command (shell text tmux runs) and
# types a line into a pane's shell with send_keys: each is a launch.
import libtmux

server = libtmux.Server()
session = server.new_session(session_name="agents", window_command="claude -p hi")  # want "RED:direct-literal"
window = session.new_window(window_name="review", window_shell="pi -p review")  # want "RED:direct-literal"
pane = window.split(shell="claude --continue")  # want "RED:direct-literal"
old = window.split_window(shell="claude -p old")  # want "RED:direct-literal"
pane.send_keys("claude -p 'fix the tests'", enter=True)  # want "RED:direct-literal"
# a pane the evaluator does not follow (a list, an attribute): still a pane
session.active_window.panes[0].send_keys("pi -p hi")  # want "RED:direct-literal"
