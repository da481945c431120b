// Package version says which build of leasegate is running: the release
// version and the commit it was built from, stamped at link time by
// `make dist` (scripts/dist.sh):
//
//	-ldflags '-X github.com/leasegate/leasegate/version.version=v0.2.0
//	          -X github.com/leasegate/leasegate/version.commit=COMMIT'
//
// Unstamped builds fall back to what the Go toolchain recorded: the module
// version of `go install ...@v0.2.0`, the VCS revision of a build in a
// checkout. It is a leaf package: every command imports it, it imports
// nothing of leasegate.
package version
