# A docker image called claude is not the runtime command.
docker pull claude:latest
