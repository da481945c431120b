# docker exec CONTAINER command.
docker exec -it box claude -p hi # want "RED:direct-literal"
