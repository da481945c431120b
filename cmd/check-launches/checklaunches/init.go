package checklaunches

import (
	_ "embed"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/leasegate/leasegate/scanner/driver"

	"github.com/spf13/cobra"
)

// starterConfig is the commented .check-launches.yaml that `init` writes.
// A test loads it with the strict loader and validates it against the
// config schema.
//
//go:embed starter-config.yaml
var starterConfig []byte

// StarterConfig returns the commented starter configuration.
func StarterConfig() []byte { return append([]byte(nil), starterConfig...) }

// InitOptions are the flags of `check-launches init`.
type InitOptions struct {
	Root  string
	Force bool
	IO    *IO
}

// ErrConfigExists is returned by init when the config file exists and
// --force is not given.
var ErrConfigExists = errors.New("already exists; use --force to overwrite it")

// NewCmdInit builds `check-launches init`; runF, when set, replaces the
// action.
func NewCmdInit(ios *IO, runF func(*InitOptions) error) *cobra.Command {
	opts := &InitOptions{IO: ios}
	cmd := &cobra.Command{
		Use:   "init [--root DIR] [--force]",
		Short: "Write a commented starter " + driver.ConfigFileName,
		Long: `init writes a commented starter ` + driver.ConfigFileName + ` at the root. It
refuses to overwrite an existing file unless --force is given.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if runF != nil {
				return runF(opts)
			}
			return runInit(opts)
		},
	}
	cmd.SetFlagErrorFunc(flagError)
	cmd.Flags().StringVar(&opts.Root, "root", ".", "root `DIR` to write the config in")
	cmd.Flags().BoolVar(&opts.Force, "force", false, "overwrite an existing config file")
	return cmd
}

func runInit(o *InitOptions) error {
	file := filepath.Join(o.Root, driver.ConfigFileName)
	flags := os.O_WRONLY | os.O_CREATE | os.O_EXCL
	if o.Force {
		flags = os.O_WRONLY | os.O_CREATE | os.O_TRUNC
	}
	f, err := os.OpenFile(file, flags, 0o644)
	if err != nil {
		if errors.Is(err, os.ErrExist) {
			return fmt.Errorf("%s: %w", file, ErrConfigExists)
		}
		return err
	}
	if _, err := f.Write(starterConfig); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	fmt.Fprintf(o.IO.Out, "wrote %s; edit it, then run check-launches\n", file)
	return nil
}
