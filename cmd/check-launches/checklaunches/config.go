package checklaunches

import (
	"bytes"
	"fmt"

	"github.com/spf13/cobra"
	"go.yaml.in/yaml/v3"

	"github.com/leasegate/leasegate/scanner/driver"
)

// ConfigOptions are the flags of `check-launches config check`.
type ConfigOptions struct {
	Root   string
	Config string
	// Strict makes a config warning fail the check (exit status 2).
	Strict bool
	IO     *IO
}

// NewCmdConfig builds `check-launches config` and its `check` subcommand;
// runF, when set, replaces the check.
func NewCmdConfig(ios *IO, runF func(*ConfigOptions) error) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "config",
		Short: "Work with " + driver.ConfigFileName,
		Args:  cobra.NoArgs,
	}
	opts := &ConfigOptions{IO: ios}
	check := &cobra.Command{
		Use:   "check [--root DIR] [--config FILE] [--strict]",
		Short: "Validate the config and print the effective config",
		Long: `config check loads the config the scan would load (--config FILE, else
` + driver.ConfigFileName + ` at the root, else the defaults), reports its errors
as file:line:col with the valid keys, prints its warnings on stderr, and
prints the effective config (the defaults filled in) on stdout. It scans
nothing.

Exit status: 0 valid (warnings allowed unless --strict), 2 usage or config
error, or a warning with --strict.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if runF != nil {
				return runF(opts)
			}
			return runConfigCheck(opts)
		},
	}
	check.SetFlagErrorFunc(flagError)
	check.Flags().StringVar(&opts.Root, "root", ".", "root `DIR` whose config to check")
	check.Flags().StringVar(&opts.Config, "config", "", "config `FILE` (default: "+driver.ConfigFileName+" at the root, if present)")
	check.Flags().BoolVar(&opts.Strict, "strict", false, "fail (exit 2) on a config warning too")
	cmd.SetFlagErrorFunc(flagError)
	cmd.AddCommand(check)
	return cmd
}

func runConfigCheck(o *ConfigOptions) error {
	file, cfg, warnings, err := rootConfig(o.IO, o.Root, o.Config)
	if err != nil {
		return err
	}
	var out bytes.Buffer
	enc := yaml.NewEncoder(&out)
	enc.SetIndent(2)
	if err := enc.Encode(cfg.Effective()); err != nil {
		return err
	}
	if err := enc.Close(); err != nil {
		return err
	}
	if file == "" {
		fmt.Fprintf(o.IO.Out, "# no %s at the root: the defaults apply\n", driver.ConfigFileName)
	} else {
		fmt.Fprintf(o.IO.Out, "# %s is valid; the effective config, with the defaults filled in:\n", file)
	}
	if _, err := o.IO.Out.Write(out.Bytes()); err != nil {
		return err
	}
	if o.Strict && len(warnings) > 0 {
		fmt.Fprintf(o.IO.Err, "check-launches: %d config %s, and --strict is set\n", len(warnings), plural(len(warnings), "warning", "warnings"))
		return &exitError{ExitError}
	}
	return nil
}
