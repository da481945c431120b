# libtmux running the runtime through launch-runtime is gated.
import libtmux

server = libtmux.Server()
session = server.new_session(session_name="agents", window_command="launch-runtime --runtime claude -- -p x")  # want "GATED"
session.active_window.active_pane.send_keys("launch-runtime --runtime pi -- -p x")  # want "GATED"
