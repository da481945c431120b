# exec with only redirections runs nothing.
exec > agent.log 2>&1
exec 3<&0
