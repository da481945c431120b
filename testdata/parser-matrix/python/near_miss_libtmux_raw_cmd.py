# Near miss: libtmux's cmd(...) listing sessions and starting pytest.
import libtmux

server = libtmux.Server()
server.cmd("list-sessions")
server.cmd("new-window", "pytest -q")
server.sessions[0].cmd("send-keys", "git status", "Enter")
