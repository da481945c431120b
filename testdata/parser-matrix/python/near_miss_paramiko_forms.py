# paramiko running other commands.
import paramiko

client = paramiko.SSHClient()
client.exec_command("uptime")
proxy = paramiko.ProxyCommand("ssh -W %h:%p bastion")
