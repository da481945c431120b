// A command-line flag whose default names a runtime: the command is the
// default or whatever the flag is given at run time, so dynamic
// (flag.String, flag.StringVar into a variable or a field, a FlagSet's).
package launches

import (
	"flag"
	"os/exec"
)

var agentFlag = flag.String("agent", "claude", "agent binary")

func flagDefaultDynamic() error {
	return exec.Command(*agentFlag, "-p").Run() // want "RED:dynamic"
}

func flagVarDefault() error {
	var bin string
	flag.StringVar(&bin, "bin", "pi", "agent binary")
	flag.Parse()
	return exec.Command(bin).Run() // want "RED:dynamic"
}

func flagSetDefault(args []string) error {
	fs := flag.NewFlagSet("x", flag.ContinueOnError)
	bin := fs.String("runner", "claude", "")
	_ = fs.Parse(args)
	return exec.Command(*bin).Run() // want "RED:dynamic"
}

type flagConfig struct{ bin string }

func flagFieldDefault() error {
	var cfg flagConfig
	flag.StringVar(&cfg.bin, "agent-bin", "claude", "")
	return exec.Command(cfg.bin).Run() // want "RED:dynamic"
}
