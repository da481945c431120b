#!/usr/bin/env bash
# scripts/dist.sh: builds the release artefacts (`make dist`) in dist/:
# static binaries of the five commands for each platform, named
# COMMAND-OS-ARCH (check-launches-linux-amd64, ...), and SHA256SUMS over
# them in sha256sum's format.
#
# The binaries are static (cgo for the tree-sitter grammars, linked with
# -static against glibc; netgo and osusergo keep the resolver and user
# lookups in Go, so nothing is loaded at run time) and reproducible: the
# same source, Go version and C compiler give the same bytes (-trimpath, no
# VCS stamp, no build ID, stripped). The release version and commit are
# stamped into the version package with -X.
#
# Environment:
#   VERSION    release version to stamp (default: the tag at HEAD, else devel)
#   COMMIT     commit to stamp (default: git rev-parse HEAD, "-dirty" when
#              the work tree has changes; "unknown" outside git)
#   PLATFORMS  "os/arch ..." (default: linux/amd64 linux/arm64)
#   COMMANDS   the commands to build (default: all five)
#   DIST       output folder (default: dist)
#   CC_OS_ARCH the C compiler for a platform (CC_linux_arm64=...); default:
#              gcc for the host's platform, else Debian's cross compiler
#              (aarch64-linux-gnu-gcc, x86_64-linux-gnu-gcc).
set -euo pipefail
cd "$(dirname "$0")/.."

go=${GO:-go}
version=${VERSION:-$(git describe --tags --exact-match --match 'v*' 2>/dev/null || echo devel)}
if [[ -z ${COMMIT:-} ]]; then
	COMMIT=$(git rev-parse HEAD 2>/dev/null || echo unknown)
	if [[ $COMMIT != unknown && -n $(git status --porcelain --untracked-files=no 2>/dev/null) ]]; then
		COMMIT+=-dirty
	fi
fi
platforms=${PLATFORMS:-linux/amd64 linux/arm64}
commands=${COMMANDS:-check-launches launch-runtime mutator-gate lease-broker launchvet}
dist=${DIST:-dist}

pkg=github.com/leasegate/leasegate/version
ldflags="-s -w -buildid= -X $pkg.version=$version -X $pkg.commit=$COMMIT -extldflags -static"
host="$($go env GOHOSTOS)/$($go env GOHOSTARCH)"

cc_for() { # os/arch -> C compiler
	local var="CC_${1%/*}_${1#*/}"
	if [[ -n ${!var:-} ]]; then
		echo "${!var}"
		return
	fi
	if [[ $1 == "$host" ]]; then
		echo "${CC:-gcc}"
		return
	fi
	case $1 in
	linux/amd64) echo x86_64-linux-gnu-gcc ;;
	linux/arm64) echo aarch64-linux-gnu-gcc ;;
	*)
		echo "dist: no C compiler known for $1; set $var" >&2
		return 1
		;;
	esac
}

mkdir -p "$dist"
for platform in $platforms; do
	cc=$(cc_for "$platform")
	if ! command -v "$cc" >/dev/null; then
		echo "dist: C compiler $cc for $platform not found (Debian: apt-get install gcc-aarch64-linux-gnu; or set CC_${platform%/*}_${platform#*/})" >&2
		exit 1
	fi
	for cmd in $commands; do
		out="$dist/$cmd-${platform%/*}-${platform#*/}"
		echo "dist: $out ($version, $COMMIT, CC=$cc)" >&2
		env GOFLAGS= CGO_ENABLED=1 GOOS="${platform%/*}" GOARCH="${platform#*/}" CC="$cc" \
			"$go" build -trimpath -buildvcs=false -tags netgo,osusergo -ldflags "$ldflags" -o "$out" "./cmd/$cmd"
	done
done

# SHA256SUMS covers every binary in dist/, sorted, with bare file names.
(
	cd "$dist"
	rm -f SHA256SUMS
	find . -maxdepth 1 -type f -name '*-*-*' ! -name '*.*' -printf '%f\n' | LC_ALL=C sort | xargs sha256sum >SHA256SUMS.tmp
	mv SHA256SUMS.tmp SHA256SUMS
)
echo "dist: $dist/SHA256SUMS" >&2
