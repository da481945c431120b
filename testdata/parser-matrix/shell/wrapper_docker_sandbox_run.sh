# docker sandbox run AGENT (Docker Sandboxes, as claude-task-master's
# scripts/loop.sh) runs the agent in a sandbox; so does sbx run, the
# standalone CLI, and sbx exec SANDBOX COMMAND.
docker sandbox run claude -p "Say OK" # want "RED:direct-literal"
docker sandbox run --name loop claude . -- --continue # want "RED:direct-literal"
sbx run --template docker/sandbox-templates:claude-code --name box claude "$PWD" # want "RED:direct-literal"
sbx exec -it box pi --print hi # want "RED:direct-literal"
