#!/usr/bin/env bash
# Builds the real-code tree that bench/real/run.sh and the corpus test in
# scanner/realcorpus scan: Go's own `src`, Python's standard library and the
# npm packages pinned in bench/real/package-lock.json (TypeScript, the Pi
# coding agent with its dependencies, the OpenAI and Mistral SDKs, Claude
# Code), with test and vendor folders removed. Everything comes from what a
# fresh machine has or installs by name; nothing is downloaded by URL.
#
#   bench/real/build-tree.sh OUT_DIR
#
# OUT_DIR is rebuilt only when the sources changed (a stamp records the Go
# and Python versions and the lock's hash). The npm packages land under
# OUT_DIR/npm/ (not node_modules/, which the scan leaves out by default).
# Optional (platform-specific, native) npm packages are left out, so the
# tree is the same on every machine. Needs go, python3, node/npm.
set -euo pipefail
out=${1:?usage: build-tree.sh OUT_DIR}
# Absolute: the copy of Python's library runs from inside its folder.
mkdir -p "$out"
out=$(cd "$out" && pwd)
here=$(cd "$(dirname "$0")" && pwd)

goroot=$(go env GOROOT)
pystd=$(python3 -c 'import sysconfig; print(sysconfig.get_paths()["stdlib"])')
stamp="go=$(go env GOVERSION) python=$(python3 -c 'import sys; print(sys.version.split()[0])') lock=$(sha256sum "$here/package-lock.json" | cut -c1-16) script=$(sha256sum "$0" | cut -c1-16)"
if [ -f "$out/.stamp" ] && [ "$(cat "$out/.stamp")" = "$stamp" ]; then
	echo "real tree up to date in $out ($stamp)" >&2
	exit 0
fi

npmdir="$out.npm"
if [ ! -f "$npmdir/package-lock.json" ] || ! cmp -s "$here/package-lock.json" "$npmdir/package-lock.json"; then
	echo "installing the pinned npm packages (npm ci)" >&2
	rm -rf "$npmdir"
	mkdir -p "$npmdir"
	cp "$here/package.json" "$here/package-lock.json" "$npmdir/"
	(cd "$npmdir" && "$here/../../scripts/npm-ci.sh" --omit=optional --ignore-scripts --no-audit --no-fund --loglevel=error >&2)
fi

rm -rf "$out"
mkdir -p "$out"
echo "copying Go $goroot/src, Python $pystd and the npm packages into $out" >&2
cp -r "$goroot/src" "$out/go"
mkdir -p "$out/python"
# The standard library's sources: no installed third-party packages, no
# build artifacts (config-*/libpython.a, lib-dynload/*.so), no caches.
(cd "$pystd" && find . -mindepth 1 -maxdepth 1 ! -name site-packages ! -name dist-packages ! -name __pycache__ \
	! -name 'config-*' ! -name lib-dynload -exec cp -r {} "$out/python/" \;)
cp -r "$npmdir/node_modules" "$out/npm"

# Test and vendor folders out, as a user would scan a project's own code;
# caches and compiled files too.
find "$out" -depth -type d \( -name test -o -name tests -o -name __tests__ -o -name testdata \
	-o -name vendor -o -name third_party -o -name __pycache__ -o -name node_modules \) -exec rm -rf {} +
find "$out" -type f \( -name '*.pyc' -o -name '*.pyo' \) -delete
# No links: the scan lists them as skipped, which would only add noise.
find "$out" -type l -delete
echo "$stamp" >"$out/.stamp"
echo "real tree: $(find "$out" -type f | wc -l) files, $(du -sh "$out" | cut -f1) in $out" >&2
