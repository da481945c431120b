# Remote shells, containers and VMs that run a command given to them:
# a string a remote shell runs is class eval, an argv a container runs
# the class of its name. Near miss: clean_remote_launchers_more.sh.
gcloud compute ssh "$VM" --zone us-central1-a --command 'cd ~/repo && claude -p "audit"' # want "RED:eval"
gcloud compute ssh vm-1 --tunnel-through-iap -- claude -p x # want "RED:eval"
incus exec devbox --cwd /workspace --env HOME=/root -- claude -p "$*" # want "RED:direct-literal"
lxc exec devbox -- pi -p y # want "RED:direct-literal"
gh codespace ssh -c "$CS" -- claude -p "implement the TODOs" # want "RED:eval"
vagrant ssh -c 'cd /vagrant && claude -p "fix the tests"' # want "RED:eval"
fly ssh console -a acme-worker -C 'claude -p "rotate logs"' # want "RED:eval"
flyctl ssh console --command "pi -p z" -a app # want "RED:eval"
ansible build_hosts -i inventory.ini -b -m ansible.builtin.shell -a 'cd ~/repo && claude -p "clean up"' # want "RED:eval"
mosh --ssh="ssh -p 2222" dev@workstation -- claude --continue # want "RED:direct-literal"
multipass exec primary -- claude -p w # want "RED:direct-literal"
limactl shell default claude -p v # want "RED:direct-literal"
az vm run-command invoke -g rg -n vm --command-id RunShellScript --scripts "claude -p u" # want "RED:eval"
bundle exec claude -p t # want "RED:direct-literal"
aws ssm send-command --document-name AWS-RunShellScript --instance-ids i-0abc --parameters 'commands=["cd /srv && claude -p x"]' # want "RED:eval"
