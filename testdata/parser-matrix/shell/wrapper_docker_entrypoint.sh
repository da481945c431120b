# docker run --entrypoint names the program.
docker run --entrypoint claude agent-image -p hi # want "RED:direct-literal"
