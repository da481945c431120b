package treesitter_test

import (
	"reflect"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leasegate/leasegate/scanner"
	"github.com/leasegate/leasegate/scanner/shell"
	"github.com/leasegate/leasegate/scanner/treesitter"
)

func TestBrokenAt(t *testing.T) {
	needles := [][]byte{[]byte("spawn")}
	tr := parse(t, "ok = 1\nspawn(x y)\n")
	at, ok := tr.BrokenAt(kError, needles, kCall)
	if !ok || at.Line != 2 {
		t.Fatalf("BrokenAt = %v, %v; want an error on line 2", at, ok)
	}
	if _, ok := tr.BrokenAt(kError, [][]byte{[]byte("exec")}, kCall); ok {
		t.Fatal("BrokenAt found a needle the file does not hold")
	}
	if _, ok := parse(t, "spawn(x)\n").BrokenAt(kError, needles, kCall); ok {
		t.Fatal("BrokenAt on a file without errors")
	}
	if !treesitter.ContainsAny([]byte("a spawn b"), needles) || treesitter.ContainsAny([]byte("a"), needles) {
		t.Fatal("ContainsAny")
	}
}

func scanArgv(t *testing.T, argv ...string) []scanner.Finding {
	t.Helper()
	p := scanner.NewPass("a.py", []byte("x\n"), scanner.DefaultConfig(), "python", scanner.Suite{Shell: shell.New()})
	tr := parse(t, "x\n")
	var args []scanner.Arg
	for i, a := range argv {
		args = append(args, scanner.Arg{Value: a, Known: true, Pos: scanner.Pos{Line: 1, Column: 1 + i}})
	}
	treesitter.Judge(p, tr, args, scanner.Pos{Line: 1, Column: 1}, nil)
	return p.Findings()
}

func TestJudge(t *testing.T) {
	assert.Empty(t, scanArgv(t), "empty argv")
	got := scanArgv(t, "claude", "-p")
	require.Len(t, got, 1, "claude -p")
	assert.Equal(t, "claude", got[0].Runtime)
	assert.Equal(t, scanner.ClassProcessAPI, got[0].Class)
	got = scanArgv(t, "ls", "--dangerously-skip-permissions") // check-launches: inert — test input for the reporting helper
	require.Len(t, got, 1, "dangerous flag")
	assert.Equal(t, 2, got[0].Column)
	assert.Contains(t, got[0].Message, "dangerously-skip-permissions")
	assert.Empty(t, scanArgv(t, "ls", "-l"), "ls -l")
	// The other branch of a conditional is judged when argv launches
	// nothing.
	p := scanner.NewPass("a.py", []byte("x\n"), scanner.DefaultConfig(), "python", scanner.Suite{Shell: shell.New()})
	tr := parse(t, "x\n")
	alt := treesitter.Value{K: treesitter.VStr, S: "claude", AnyKnown: true, Node: treesitter.None}
	treesitter.Judge(p, tr, []scanner.Arg{{Value: "ls", Known: true}}, scanner.Pos{Line: 1, Column: 1}, &alt)
	require.Len(t, p.Findings(), 1, "alt branch")
	assert.Equal(t, "claude", p.Findings()[0].Runtime)
}

func TestDangerText(t *testing.T) {
	argv := []scanner.Arg{{Value: "x"}, {Value: "--permission-mode"}, {Value: "plain"}}
	if got := treesitter.DangerText(argv, 1); got != "--permission-mode bypassPermissions" { // check-launches: inert — test input for the reporting helper
		t.Fatalf("got %q", got)
	}
	if got := treesitter.DangerText(argv, 2); got != "plain" {
		t.Fatalf("got %q", got)
	}
}

func TestNamesAndAgree(t *testing.T) {
	cfg := scanner.DefaultConfig()
	if !treesitter.NamesCommand(cfg, "/usr/bin/claude") || !treesitter.NamesCommand(cfg, "./"+scanner.WrapperCommand) || treesitter.NamesCommand(cfg, "ls") {
		t.Fatal("NamesCommand")
	}
	if !treesitter.ShimBase("/opt/x/"+scanner.WrapperCommand+"-v2") || treesitter.ShimBase(scanner.WrapperCommand+"/bin") {
		t.Fatal("ShimBase")
	}
	ls, cl := treesitter.Str("ls", 1), treesitter.Str("claude", 2)
	if got := treesitter.Agree(cfg, []treesitter.Value{ls, cl}, 9); got.S != "claude" {
		t.Fatalf("Agree picked %+v", got)
	}
	if got := treesitter.Agree(cfg, []treesitter.Value{ls, treesitter.Str("cat", 3)}, 9); got.S != "ls" || got.Alt == nil || got.Alt.S != "cat" {
		t.Fatalf("Agree of disagreeing values = %+v", got)
	}
	if got := treesitter.Agree(cfg, []treesitter.Value{ls, ls}, 9); got.S != "ls" || got.Node != 1 {
		t.Fatalf("Agree of equal values = %+v", got)
	}
	if got := treesitter.Agree(cfg, nil, 9); got.K != treesitter.VUnknown {
		t.Fatalf("Agree(nil) = %+v", got)
	}
}

func TestAppendPath(t *testing.T) {
	base := make([]string, 1, 4)
	base[0] = "a"
	x, y := treesitter.AppendPath(base, "x"), treesitter.AppendPath(base, "y")
	if !reflect.DeepEqual(x, []string{"a", "x"}) || !reflect.DeepEqual(y, []string{"a", "y"}) {
		t.Fatalf("AppendPath shares its array: %v %v", x, y)
	}
}

func TestReportComposite(t *testing.T) {
	p := scanner.NewPass("a.py", []byte("x\n"), scanner.DefaultConfig(), "python", scanner.Suite{Shell: shell.New()})
	tr := parse(t, "x\nfoo(a)\n")
	call := find(tr, kCall)[0]
	lit := treesitter.Str("--dangerously-skip-permissions", call) // check-launches: inert — test input for the reporting helper
	treesitter.ReportComposite(p, tr, call, lit)
	if len(p.Findings()) != 0 {
		t.Fatal("a single literal was reported")
	}
	joined := treesitter.Concat(treesitter.Str("--dangerously-", call), treesitter.Str("skip-permissions", call), call)
	treesitter.ReportComposite(p, tr, call, joined)
	if got := p.Findings(); len(got) != 1 || got[0].Line != 2 {
		t.Fatalf("composite: %+v", got)
	}
}
