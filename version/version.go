package version

import (
	"runtime/debug"
	"strings"
)

// Set with -ldflags -X by scripts/dist.sh; empty in other builds.
var (
	version string
	commit  string
)

// Version is the version of the running binary: the stamped release
// version; else the module version when installed with `go install
// module@version`; else "devel-" and the short VCS revision when built in a
// checkout; else "devel".
func Version() string {
	if version != "" {
		return version
	}
	return fromBuildInfo(debug.ReadBuildInfo())
}

// Commit is the full commit the binary was built from: the stamped one;
// else the VCS revision recorded by the Go toolchain (with "-dirty" for a
// modified work tree); else "unknown".
func Commit() string {
	if commit != "" {
		return commit
	}
	rev, dirty := vcs(debug.ReadBuildInfo())
	switch {
	case rev == "":
		return "unknown"
	case dirty:
		return rev + "-dirty"
	}
	return rev
}

// String is the version and the commit on one line, as every command's
// --version prints it after the command's name: "v0.2.0 (commit 1bbd152…)".
func String() string {
	return Version() + " (commit " + Commit() + ")"
}

func fromBuildInfo(bi *debug.BuildInfo, ok bool) string {
	if !ok {
		return "devel"
	}
	if v := bi.Main.Version; v != "" && v != "(devel)" {
		return v
	}
	rev, dirty := vcs(bi, ok)
	if rev == "" {
		return "devel"
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	if dirty {
		rev += "-dirty"
	}
	return "devel-" + rev
}

func vcs(bi *debug.BuildInfo, ok bool) (rev string, dirty bool) {
	if !ok {
		return "", false
	}
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = strings.TrimSpace(s.Value)
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	return rev, dirty
}
