# docker_sdk_container_command.py with containers that run no runtime:
# an image named after the runtime is not its command.
import docker

client = docker.from_env()
client.containers.run("claude-tools:1", "make test", remove=True)
client.containers.run("node:22", ["npm", "ci"])
client.images.pull("claude")
