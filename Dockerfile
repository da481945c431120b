# check-launches as a container image for CI systems that run steps in
# containers (GitLab CI, Woodpecker, Tekton...). It holds nothing but the
# static binary from `make dist` (no shell, no libc, no git: --diff-base
# needs git, so use --baseline in the image). Build it after `make dist`:
#
#   make dist && docker buildx build --platform linux/amd64,linux/arm64 -t check-launches .
#
# and run it on a checkout mounted at /src (the working directory):
#
#   docker run --rm -v "$PWD:/src:ro" check-launches
#
# release/dockerfile_test.go keeps this file in step with scripts/dist.sh.
FROM scratch
ARG TARGETARCH
COPY dist/check-launches-linux-${TARGETARCH} /check-launches
WORKDIR /src
USER 65532:65532
ENTRYPOINT ["/check-launches"]
CMD ["--root", "."]
