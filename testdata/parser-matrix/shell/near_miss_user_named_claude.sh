# A user or group named after the runtime is an argument.
sudo -u claude whoami
chown claude:claude /srv/agent
id -u pi
