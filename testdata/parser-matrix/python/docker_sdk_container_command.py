# The docker SDK starts a container with a command: a runtime named in
# it (a line or an argv, or the entry point) is launched, in a container
# or not. Near miss: near_miss_docker_sdk_container_command.py.
import docker
from docker import DockerClient

client = docker.from_env()
client.containers.run("node:22", "npx --yes @anthropic-ai/claude-code -p hi", detach=True)  # want "RED:package-runner"
other = DockerClient(base_url="unix://var/run/docker.sock")
other.containers.create("agents:latest", command=["claude", "-p", "go"])  # want "RED:process-api"
client.containers.run("agents:latest", entrypoint=["pi"], command="-p nightly")  # want "RED:process-api"
