# Near miss of wrapper_docker_sandbox_run.sh: docker sandbox and sbx
# subcommands that run no agent, and a sandbox running another agent.
docker sandbox ls
docker sandbox rm claude-loop
sbx ls --json
sbx run codex .
