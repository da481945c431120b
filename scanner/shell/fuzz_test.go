package shell_test

import (
	"flag"
	"strings"
	"testing"
	"time"

	"github.com/leasegate/leasegate/scanner"
	"github.com/leasegate/leasegate/scanner/shell"
)

// scanDirect runs the detector without the core's panic guard, so that a
// panic fails the fuzz target instead of becoming an unparseable finding.
func scanDirect(src string) (string, error) {
	p := scanner.NewPass("f.sh", []byte(src), scanner.DefaultConfig(), shell.Name, scanner.Suite{Shell: shell.New()})
	err := shell.New().Scan(p)
	_ = shell.New().ScanText(p, src, scanner.Pos{Line: 3, Column: 7}, scanner.ClassEval)
	return render(p.Findings()), err
}

// FuzzShellDetector: no input panics, the output is deterministic, every
// finding is well formed, and no input takes unbounded time.
func FuzzShellDetector(f *testing.F) {
	for _, s := range []string{
		"claude -p hi\n",
		"C=cl; C+=aude; \"$C\" -p\n",
		"cmd=(env X=1 claude); \"${cmd[@]}\"\n",
		"bash -c 'eval \"$(sh -c \\\"claude\\\")\"'\n",
		"bash <<EOF\n$R -p\nEOF\n",
		"x=${R:-$(command -v claude)}; $x\n",
		"launch-runtime -- --runtime claude\n",
		"echo 'claude' | bash\n",
		"f() { \"$@\"; }; f claude\n",
		"eval 'if claude; then'\n",
		"$'\\x63laude' --dangerously-skip-permissions\n", // check-launches: inert fuzz seed: the flag beside an ANSI-C quoted name

		// At and past the nesting bounds (internal/shnest).
		strings.Repeat("if true; then ", 1001) + "claude" + strings.Repeat("; fi", 1001) + "\n",
		strings.Repeat("case x in x) ", 1000) + "claude" + strings.Repeat(";; esac", 1000) + "\n",
		strings.Repeat("f() ", 1001) + "{ claude; }\n",
		"echo $((" + strings.Repeat("1+", 10001) + "1))\nclaude\n",
		"bash -c '" + strings.Repeat("true | ", 10001) + "claude'\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		start := time.Now()
		first, err1 := scanDirect(src)
		second, err2 := scanDirect(src)
		if first != second || (err1 == nil) != (err2 == nil) {
			t.Fatalf("non-deterministic:\n%s\nvs\n%s", first, second)
		}
		// Time is judged only while fuzzing, where an input the
		// budgets do not bound shows as a hang; the seed corpus under
		// `go test` is judged by its budgets and findings, never by
		// the machine's load.
		if d := time.Since(start); fuzzing() && d > 10*time.Second {
			t.Fatalf("%d bytes took %v", len(src), d)
		}
		p := scanner.NewPass("f.sh", []byte(src), scanner.DefaultConfig(), shell.Name, scanner.Suite{Shell: shell.New()})
		_ = shell.New().Scan(p)
		for _, fd := range p.Findings() {
			if !fd.Class.Valid() || fd.Line < 1 || fd.Column < 1 {
				t.Fatalf("malformed finding %+v", fd)
			}
		}
	})
}

// fuzzing reports whether this run generates inputs (-test.fuzz set).
func fuzzing() bool {
	f := flag.Lookup("test.fuzz")
	return f != nil && f.Value.String() != ""
}
