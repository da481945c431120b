# Near miss of remote_launchers_more.sh: the same launchers run other
# programs, or the runtime's name is a host, a file, a package or a log.
gcloud compute ssh claude-vm --zone us-central1-a --command 'uptime'
incus exec claude -- tail -f /var/log/agent.log
gh codespace ssh -c claude-space -- ls
vagrant ssh -c 'cat /etc/claude/config'
fly ssh console -a claude -C 'tail -f /var/log/claude.log'
ansible all -m apt -a "name=claude state=present"
mosh claude -- htop
mosh host -- htop
ssh host uptime
multipass exec claude -- uname -a
bundle exec rake claude:setup
aws ssm send-command --document-name AWS-RunShellScript --comment claude --parameters 'commands=["uptime","df -h"]'
