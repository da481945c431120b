// Near miss of flag_default_dynamic.go: flags that default to git, or to
// nothing, name no runtime (a value given at run time is unknown).
package launches

import (
	"flag"
	"os/exec"
)

var vcsFlag = flag.String("vcs", "git", "version control binary")

func flagDefaultOtherTool() error {
	return exec.Command(*vcsFlag, "log", "--grep", "claude").Run()
}

func flagVarNoDefault() error {
	var bin string
	flag.StringVar(&bin, "tool", "", "a tool to run")
	flag.Parse()
	return exec.Command(bin).Run()
}

type vcsConfig struct{ bin string }

func flagFieldOtherTool() error {
	var cfg vcsConfig
	flag.StringVar(&cfg.bin, "vcs-bin", "hg", "")
	return exec.Command(cfg.bin).Run()
}
