# libtmux's cmd(...) runs a raw tmux command: tmux starts the command a
# new window or pane runs, and send-keys types a line into a pane.
import libtmux

server = libtmux.Server()
server.cmd("new-session", "-d", "-s", "agents", "claude -p hi")  # want "RED:eval"
session = server.sessions[0]
session.cmd("new-window", "pi -p hi")  # want "RED:eval"
session.active_window.active_pane.cmd("send-keys", "claude -p hi", "Enter")  # want "RED:eval"
