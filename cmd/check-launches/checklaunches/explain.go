package checklaunches

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/leasegate/leasegate/scanner"
)

// ExplainOptions are the arguments of `check-launches explain`.
type ExplainOptions struct {
	Class string
	IO    *IO
}

// UnknownClassError is an explain argument that names no class.
type UnknownClassError struct{ Name string }

func (e *UnknownClassError) Error() string {
	names := make([]string, len(scanner.Classes))
	for i, c := range scanner.Classes {
		names[i] = string(c)
	}
	return fmt.Sprintf("unknown class %q (want one of %s)", e.Name, strings.Join(names, ", "))
}

// NewCmdExplain builds `check-launches explain [CLASS]`; runF, when set,
// replaces the action.
func NewCmdExplain(ios *IO, runF func(*ExplainOptions) error) *cobra.Command {
	opts := &ExplainOptions{IO: ios}
	cmd := &cobra.Command{
		Use:   "explain [CLASS]",
		Short: "Explain a finding class: an example, why it matters and the fix",
		Long: `explain prints the documentation of a finding class (the section of
docs/classes.md): a failing example, why it matters and the fix. Without a
class it lists the classes. A tag such as RED:eval or NOTE:dangerous-primitive
is accepted too.`,
		Args: cobra.MaximumNArgs(1),
		ValidArgsFunction: func(*cobra.Command, []string, string) ([]cobra.Completion, cobra.ShellCompDirective) {
			var out []cobra.Completion
			for _, c := range scanner.Classes {
				out = append(out, cobra.CompletionWithDesc(string(c), ClassDocs()[c].Summary))
			}
			return out, cobra.ShellCompDirectiveNoFileComp
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 1 {
				opts.Class = args[0]
			}
			if runF != nil {
				return runF(opts)
			}
			return runExplain(opts)
		},
	}
	cmd.SetFlagErrorFunc(flagError)
	return cmd
}

func runExplain(o *ExplainOptions) error {
	docs := ClassDocs()
	if o.Class == "" {
		width := 0
		for _, c := range scanner.Classes {
			width = max(width, len(c))
		}
		for _, c := range scanner.Classes {
			fmt.Fprintf(o.IO.Out, "%-*s  %s\n", width, c, docs[c].Summary)
		}
		return nil
	}
	name := strings.TrimPrefix(strings.TrimPrefix(strings.TrimPrefix(o.Class, "RED:"), "NOTE:"), "leasegate/")
	if strings.EqualFold(name, "GATED") {
		name = "gated"
	}
	d := docs[scanner.Class(name)]
	if d == nil {
		return &UsageError{Err: &UnknownClassError{Name: o.Class}}
	}
	_, err := fmt.Fprint(o.IO.Out, d.Section)
	return err
}
