// Package vet runs the Go detector as a go/analysis analyzer ("launches"),
// under go vet's driver (cmd/launchvet): the package is already parsed and
// type-checked, and each Go file is scanned as driver.ScanBytes scans it.
package vet

import (
	"errors"
	"flag"
	"fmt"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/leasegate/leasegate/scanner/driver"
	"github.com/leasegate/leasegate/scanner/golang"

	"golang.org/x/tools/go/analysis"

	"github.com/leasegate/leasegate/scanner"
)

// AnalyzerName is the name of the analyzer (its go vet flag prefix).
const AnalyzerName = "launches"

const analyzerDoc = `report launches of AI agent runtimes that bypass launch-runtime

The launches analyzer finds os/exec.Command, exec.CommandContext, exec.Cmd
literals, syscall.Exec/ForkExec/StartProcess/CreateProcess, os.StartProcess,
unix.Exec, windows.CreateProcess, go-sh and x/crypto/ssh session calls
(also through helpers of the package) whose argv starts an agent runtime (claude, pi, or those named in
.check-launches.yaml) without going through launch-runtime --runtime NAME,
and the raw permission-bypass primitive in strings. Each diagnostic starts
with its tag (RED:<class>, or GATED with -gated).`

// Analyzer is the launches analyzer without a shell detector: a shell
// string handed to a shell (exec.Command("bash", "-c", "...")) is not
// scanned. cmd/launchvet uses NewAnalyzer with the shell detector.
var Analyzer = NewAnalyzer(nil)

// NewAnalyzer returns a launches analyzer that scans embedded shell strings
// with shell (nil: not scanned). Its flags:
//
//	-config FILE  the .check-launches.yaml to use; default: the nearest one
//	              in the package folder or above it. Choke-point globs are
//	              relative to the config file's folder.
//	-gated        also report gated launches (the inventory), tagged GATED.
func NewAnalyzer(shell scanner.Shell) *analysis.Analyzer {
	r := &runner{shell: shell}
	a := &analysis.Analyzer{
		Name: AnalyzerName,
		Doc:  analyzerDoc,
		URL:  "https://github.com/leasegate/leasegate/blob/main/docs/launchvet.md",
		Run:  r.run,
	}
	a.Flags.Init(AnalyzerName, flag.ContinueOnError)
	a.Flags.StringVar(&r.configFile, "config", "", "`FILE`: the .check-launches.yaml to use (default: nearest one upwards)")
	a.Flags.BoolVar(&r.gated, "gated", false, "also report gated launches, tagged GATED")
	return a
}

type runner struct {
	shell      scanner.Shell
	configFile string
	gated      bool
}

// errConfig wraps a configuration problem of the analyzer.
var errConfig = errors.New("launches: configuration")

func (r *runner) run(pass *analysis.Pass) (any, error) {
	for _, f := range pass.Files {
		tf := pass.Fset.File(f.Pos())
		if tf == nil || !strings.HasSuffix(tf.Name(), ".go") {
			continue
		}
		name := tf.Name()
		cfg, rel, err := r.config(name)
		if err != nil {
			return nil, fmt.Errorf("%w: %w", errConfig, err)
		}
		src, err := readFile(pass, name)
		if err != nil {
			// A file the driver cannot give back (cgo's generated files)
			// has no source of the user's to check.
			continue
		}
		det := golang.Typed(pass.Fset, f, pass.Files, pass.TypesInfo)
		fs, _, err := driver.ScanBytes(rel, src, false, cfg, scanner.Suite{Detectors: []scanner.Detector{det}, Shell: r.shell})
		if err != nil {
			return nil, err
		}
		slices.SortStableFunc(fs, scanner.CompareFindings)
		for _, x := range fs {
			if x.Verdict == scanner.VerdictGated && !r.gated {
				continue
			}
			pass.Report(analysis.Diagnostic{
				Pos:      tokenPos(tf, x.Line, x.Column),
				Category: string(x.Class),
				Message:  x.Tag() + ": " + x.Message,
			})
		}
	}
	return nil, nil
}

func readFile(pass *analysis.Pass, name string) ([]byte, error) {
	if pass.ReadFile != nil {
		return pass.ReadFile(name)
	}
	return os.ReadFile(name)
}

// config returns the configuration for a file and the file's path relative
// to the configuration's folder (the scanned root).
func (r *runner) config(file string) (*scanner.Config, string, error) {
	cfgFile := r.configFile
	if cfgFile == "" {
		for dir := filepath.Dir(file); ; {
			c := filepath.Join(dir, driver.ConfigFileName)
			if st, err := os.Stat(c); err == nil && st.Mode().IsRegular() {
				cfgFile = c
				break
			}
			parent := filepath.Dir(dir)
			if parent == dir {
				break
			}
			dir = parent
		}
	}
	if cfgFile == "" {
		return scanner.DefaultConfig(), filepath.ToSlash(file), nil
	}
	cfg, err := driver.LoadConfig(cfgFile)
	if err != nil {
		return nil, "", err
	}
	rel := file
	if absCfg, err := filepath.Abs(filepath.Dir(cfgFile)); err == nil {
		if absFile, err := filepath.Abs(file); err == nil {
			if r, err := filepath.Rel(absCfg, absFile); err == nil && !strings.HasPrefix(r, "..") {
				rel = r
			}
		}
	}
	return cfg, filepath.ToSlash(rel), nil
}

// tokenPos maps a 1-based line and byte column back onto the file.
func tokenPos(tf *token.File, line, col int) token.Pos {
	if line < 1 || line > tf.LineCount() {
		return tf.Pos(0)
	}
	start := tf.LineStart(line)
	end := tf.Base() + tf.Size()
	if line < tf.LineCount() {
		end = int(tf.LineStart(line + 1))
	}
	p := int(start) + col - 1
	if p >= end {
		p = int(start)
	}
	return token.Pos(p)
}
