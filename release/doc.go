// Package release holds no code: its tests check the release artefacts
// that users install instead of building from source. They build
// check-launches with scripts/dist.sh (`make dist`) and check that the
// binary is static and runs in an empty root with no libc, that a second
// build gives the same bytes, and that the Dockerfile copies the file
// dist.sh writes.
package release
