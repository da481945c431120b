# docker run of another command is clean.
docker run --rm node:20 npm test
