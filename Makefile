# leasegate — see README.md. Every target works on a fresh machine.
GO       ?= go
FUZZTIME ?= 50000x

.PHONY: all build test test-go test-real pgo setup lint bench fuzz-short install dist

all: build

build:
	$(GO) build ./...

install:
	$(GO) install ./cmd/...

# dist builds the release artefacts in dist/: static, reproducible binaries
# of the five commands for linux/amd64 and linux/arm64 (arm64 needs Debian's
# gcc-aarch64-linux-gnu) and SHA256SUMS. VERSION=v0.2.0 stamps a release;
# PLATFORMS=linux/amd64 builds one platform. See scripts/dist.sh.
dist:
	GO=$(GO) VERSION=$(VERSION) ./scripts/dist.sh

# setup installs what the tests need beyond Go: the real Claude Code and Pi
# clients, pinned by e2e/package-lock.json.
setup:
	./e2e/setup.sh

# test is THE test command (README, .ci/run): everything, under -race,
# then check-launches over the real-code tree. It says which step runs (go
# test prints one line per package as each finishes) and how long the run
# took; the steps run one after the other, as the prerequisites did.
TEST_START := $(shell date +%s)
test:
	@echo "== make test 1/3: setup (npm-install the real Claude Code and Pi clients for e2e)"
	@$(MAKE) --no-print-directory setup
	@echo "== make test 2/3: test-go (go test -race ./..., one line per package as it finishes; e2e takes longest)"
	@$(MAKE) --no-print-directory test-go
	@echo "== make test 3/3: test-real (check-launches over the real-code tree)"
	@$(MAKE) --no-print-directory test-real
	@echo "== make test: all 3 steps passed in $$(( $$(date +%s) - $(TEST_START) )) s"

test-go:
	$(GO) test -race -count=1 -timeout 30m ./...

# test-real assembles the real-code tree (bench/real/build-tree.sh: Go's
# src, Python's stdlib, pinned npm packages; cached in .cache/, rebuilt when
# a version changes) and scans it (scanner/realcorpus), and checks that its
# big bundles parsed in pieces give the whole parse's tree. UPDATE=1
# rewrites the golden file of RED findings.
REAL_TREE ?= $(CURDIR)/.cache/realtree
test-real:
	./bench/real/build-tree.sh $(REAL_TREE)
	LEASEGATE_REAL_TREE=$(REAL_TREE) $(GO) test -tags realcorpus -count=1 -timeout 20m ./scanner/realcorpus $(if $(UPDATE),-args -update)
	LEASEGATE_REAL_TREE=$(REAL_TREE) $(GO) test -count=1 -run TestSplitRealBundles ./scanner/treesitter

# pgo rewrites cmd/check-launches/default.pgo, the CPU profile the Go
# toolchain builds check-launches with (profile-guided optimization; any
# `go build` or `go install` of the command uses it): three in-process
# scans of the real tree (scanner/realcorpus BenchmarkRealTree). Run it
# after a change that moves where the scan spends its time.
pgo:
	./bench/real/build-tree.sh $(REAL_TREE)
	LEASEGATE_REAL_TREE=$(REAL_TREE) $(GO) test -tags realcorpus -run '^$$' -bench RealTree -benchtime 3x -count=1 -timeout 20m -cpuprofile $(CURDIR)/cmd/check-launches/default.pgo -o /dev/null ./scanner/realcorpus

# lint fails on unformatted code, vet or staticcheck findings, and a go.mod
# or go.sum that `go mod tidy` would change.
lint:
	@$(GO) mod tidy -diff || { echo "go.mod/go.sum are not tidy: run go mod tidy"; exit 1; }
	@out="$$(gofmt -s -l $$(git ls-files "*.go"))"; if [ -n "$$out" ]; then gofmt -s -d $$out; exit 1; fi
	$(GO) vet ./...
	$(GO) tool staticcheck ./...

# fuzz-short runs every native fuzz target for FUZZTIME executions (or a duration) each.
fuzz-short:
	./scripts/fuzz-short.sh $(FUZZTIME)

bench:
	$(GO) test -run '^$$' -bench . -benchmem ./...
	@for s in bench/*/run.sh; do echo "== $$s"; "$$s" || exit 1; done
