# paramiko runs a command on the remote host (exec_command) or locally for
# a proxy (ProxyCommand) (issue 22).
import paramiko

client = paramiko.SSHClient()
client.connect("build-host")
client.exec_command("claude -p hi")  # want "RED:direct-literal"
proxy = paramiko.ProxyCommand("claude -p hi")  # want "RED:direct-literal"
