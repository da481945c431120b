# bash running a script file: the script is scanned where it lives.
bash ./scripts/agent.sh
sh -x ./setup.sh claude
