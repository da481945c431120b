package data_test

import (
	"errors"
	"fmt"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/leasegate/leasegate/scanner/driver"

	"github.com/leasegate/leasegate/scanner"
	"github.com/leasegate/leasegate/scanner/data"
	"github.com/leasegate/leasegate/scanner/golang"
	"github.com/leasegate/leasegate/scanner/python"
	"github.com/leasegate/leasegate/scanner/scannertest"
	"github.com/leasegate/leasegate/scanner/shell"
	"github.com/leasegate/leasegate/scanner/tsjs"
	"github.com/stretchr/testify/assert"
)

// detectors are the suite's, in its order, less Go: a workflow step in
// Python or JavaScript is scanned by the detector of its language.
var detectors = []scanner.Detector{data.New(), tsjs.New(), python.New(), shell.New(), golang.New()}

func scan(t testing.TB, name, src string) []scanner.Finding {
	t.Helper()
	fs, _, err := driver.ScanBytes(name, []byte(src), false, scanner.DefaultConfig(), scanner.Suite{Detectors: detectors, Shell: shell.New()})
	require.NoError(t, err, "scan")
	slices.SortStableFunc(fs, scanner.CompareFindings)
	return fs
}

func tags(fs []scanner.Finding) []string {
	var out []string
	for _, f := range fs {
		out = append(out, fmt.Sprintf("%d:%d %s %s", f.Line, f.Column, f.Language, f.Tag()))
	}
	return out
}

func TestMatrix(t *testing.T) {
	scannertest.Run(t, filepath.Join("..", "..", "testdata", "parser-matrix", "data"), scanner.Suite{Detectors: detectors, Shell: shell.New()})
}

func TestClassify(t *testing.T) {
	tests := []struct {
		rel    string
		kind   data.Kind
		strict bool
	}{
		{"package.json", data.KindPackageJSON, true},
		{"apps/web/package.json", data.KindPackageJSON, true},
		{"package-lock.json", "", false},
		{".github/workflows/ci.yml", data.KindActions, true},
		{".github/workflows/sub/x.yml", data.KindYAML, false},
		{"actions/review/action.yaml", data.KindActions, true},
		{"compose.override.yaml", data.KindCompose, true},
		{"docker-compose.yml", data.KindCompose, true},
		{"Makefile", data.KindMakefile, false},
		{"GNUmakefile", data.KindMakefile, false},
		{"rules.mk", data.KindMakefile, false},
		{"Dockerfile.dev", data.KindDockerfile, false},
		{"build/app.Dockerfile", data.KindDockerfile, false},
		{"Containerfile", data.KindDockerfile, false},
		{"deploy/agent.service", data.KindSystemd, false},
		{"Procfile", data.KindProcfile, false},
		{"Procfile.dev", data.KindProcfile, false},
		{"crontab", data.KindCrontab, false},
		{"etc/cron.d/backup", data.KindCrontab, false},
		{"jobs.cron", data.KindCrontab, false},
		{"Jenkinsfile", data.KindJenkinsfile, false},
		{"ci/Jenkinsfile.release", data.KindJenkinsfile, false},
		{"ci/deploy.jenkinsfile", data.KindJenkinsfile, false},
		{"vars/review.groovy", data.KindJenkinsfile, false},
		{"src/App.groovy", "", false},
		{"supervisord.conf", data.KindSupervisord, false},
		{"deploy/supervisor/conf.d/agent.conf", data.KindSupervisord, false},
		{"etc/supervisord.d/agent.ini", data.KindSupervisord, false},
		{"nginx/site.conf", "", false},
		{"tox.ini", data.KindTox, false},
		{"pkg/setup.cfg", data.KindTox, false},
		{"mise.toml", data.KindTOML, false},
		{".config/mise/config.toml", data.KindTOML, false},
		{".mise.local.toml", data.KindTOML, false},
		{".gitconfig", data.KindGitConfig, false},
		{"dotfiles/work.gitconfig", data.KindGitConfig, false},
		{"home/.config/git/config", data.KindGitConfig, false},
		{".tmuxinator.yml", data.KindYAML, false},
		{"tmuxp/dev.yaml", data.KindYAML, false},
		{"playbooks/site.yml", data.KindYAML, false},
		{"roles/agent/tasks/main.yml", data.KindYAML, false},
		{".mcp.json", data.KindJSON, true},
		{".vscode/tasks.json", data.KindJSON, true},
		{".devcontainer/devcontainer.json", data.KindJSON, true},
		{"tsconfig.json", data.KindJSON, false},
		{"k8s/pod.yaml", data.KindYAML, false},
		{"pyproject.toml", data.KindTOML, false},
		{".idea/runConfigurations/Agent.xml", data.KindIDEA, false},
		{"app/.run/Review.run.xml", data.KindIDEA, false},
		{".idea/workspace.xml", data.KindIDEA, false},
		{".idea/misc.xml", "", false},
		{".replit", data.KindTOML, false},
		{".lintstagedrc", data.KindYAML, false},
		{"Tiltfile", data.KindStarlark, false},
		{"src/BUILD.bazel", data.KindStarlark, false},
		{"tools/defs.bzl", data.KindStarlark, false},
		{"CMakeLists.txt", data.KindCMake, false},
		{"cmake/tools.cmake", data.KindCMake, false},
		{"Earthfile", data.KindEarthfile, false},
		{"Vagrantfile", data.KindVagrant, false},
		{"infra/main.tf", data.KindHCL, false},
		{"jobs/agent.nomad", data.KindHCL, false},
		{"team.code-workspace", data.KindJSON, false},
		{"main.go", "", false},
		{"run.sh", "", false},
	}
	for _, tc := range tests {
		k, strict := data.Classify(tc.rel)
		if k != tc.kind || strict != tc.strict {
			t.Errorf("Classify(%q) = %q, %v; want %q, %v", tc.rel, k, strict, tc.kind, tc.strict)
		}
	}
	if data.New().Match(scanner.NewFile("Makefile", []byte("#!/usr/bin/make -f\nall:\n"), true)) {
		t.Error("a file with a shebang is claimed by data")
	}
	if !data.New().Match(scanner.NewFile("Jenkinsfile", []byte("#!groovy\nnode {}\n"), true)) {
		t.Error("a Jenkinsfile with a groovy shebang is not claimed by data")
	}
}

// TestBadInput feeds inputs meant to break a parser or make it spin: each
// must finish well within the limit with the expected verdicts.
func TestBadInput(t *testing.T) {
	deepYAML := strings.Repeat("- ", 5000) + "claude\n"
	huge := hugePackageJSON(hugeTestScripts)
	tests := []struct {
		name, file, src string
		want            []string
	}{
		{"huge package.json", "package.json", huge, []string{fmt.Sprintf("%d:12 package.json RED:direct-literal", hugeTestScripts+2)}},
		{"deeply nested package.json", "package.json", strings.Repeat("[", 100000), []string{"1:1001 package.json RED:unparseable"}},
		{"deeply nested JSON elsewhere is not RED", "x/data.json", `{"command": "claude"` + strings.Repeat("[", 100000), nil},
		{"deeply nested YAML elsewhere is not RED", "k8s/x.yaml", "command: claude\nx: " + deepYAML, nil},
		{"deeply nested compose file is RED", "compose.yaml", "command: claude\nx: " + deepYAML, []string{"2:1 compose RED:unparseable"}},
		{"recursive make variables", "Makefile", "A = $(A)$(A)\nB = $(C)\nC = $(B)\nall:\n\t$(A) $(B)\n\tpi -p x\n", []string{"6:2 makefile RED:direct-literal"}},
		{"unterminated make reference", "Makefile", "all:\n\techo $(oops\n\tclaude\n", []string{"3:2 makefile RED:direct-literal"}},
		{"alias bomb in compose", "compose.yaml", bomb(), []string{"3:14 compose RED:direct-literal"}},
		{"merge-key bomb", "x.yaml", mergeBomb(), []string{"1:10 yaml RED:direct-literal"}},
		{"cyclic alias", "x.yaml", "a: &a [command, *a]\ncommand: claude\n", []string{"2:10 yaml RED:direct-literal"}},
		{"make expansion bomb hides nothing after it", "Makefile", makeBomb() + "B = claude\nall:\n\t$(A15) $(B)\n", []string{"16:13 makefile RED:unparseable"}},
		{"make expansion bomb before a literal launch", "Makefile", makeBomb() + "all:\n\t$(A15) && pi -p x\n", []string{"16:13 makefile RED:unparseable", "18:12 makefile RED:direct-literal"}},
		{"make reference chain deeper than the bound", "Makefile", makeChain(20) + "all:\n\t$(A20) -p x\n", []string{"6:6 makefile RED:unparseable"}},
		{"self-referring make variable around nested function definitions", "Makefile", "A=$B$B\nB=$0()=$B$B\n:\n\t$A ", nil},
		{"invalid TOML", "x.toml", "command = \"claude\n", nil},
		// nothing in it to run, so nothing hidden (pkg_empty_document.txtar)
		{"empty package.json", "package.json", "", nil},
		{"package.json of blanks and a comment", "package.json", "\n  // none\n", nil},
		{"package.json of one brace", "package.json", "{", []string{"1:2 package.json RED:unparseable"}},
		{"nested Jenkinsfile steps", "Jenkinsfile", strings.Repeat("sh(", 200000) + "'claude'" + strings.Repeat(")", 200000), []string{"1:4 jenkinsfile RED:unparseable", "1:600002 jenkinsfile RED:direct-literal"}},
		{"unclosed Jenkinsfile steps", "Jenkinsfile", "sh 'pi -p x'\n" + strings.Repeat("sh(", 200000) + "'claude'", []string{"1:5 jenkinsfile RED:direct-literal", "2:7 jenkinsfile RED:unparseable", "2:600002 jenkinsfile RED:direct-literal"}},
		{"unclosed GString interpolations", "Jenkinsfile", strings.Repeat("sh \"${", 100000) + "claude\n", []string{"1:4 jenkinsfile RED:unparseable", "1:5 jenkinsfile RED:dynamic"}},
		{"many Groovy names", "Jenkinsfile", strings.Repeat("x = 'a'\n", 50000) + strings.Repeat("sh \"${x} claude\"\n", 10000), nil},
		{"tox continuation lines", "tox.ini", "[testenv]\ncommands =\n  claude \\\n" + strings.Repeat("  a \\\n", 100000) + "  -p\n", []string{"3:3 tox RED:direct-literal"}},
		{"NUL byte in a Dockerfile", "Dockerfile", "RUN claude -p x\x00\n", []string{"1:5 dockerfile RED:direct-literal"}},
		{"more keys holding a runtime than are offered", "x/agents.json", manyKeys(300), []string{"1:4501 json RED:unparseable"}},
		{"more dotenv variables holding a runtime than are offered", ".env", manyVars(300), []string{"257:1 dotenv RED:unparseable"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			done := make(chan []scanner.Finding, 1)
			go func() { done <- scan(t, tc.file, tc.src) }()
			select {
			case fs := <-done:
				if got := tags(fs); !reflect.DeepEqual(got, tc.want) {
					t.Errorf("got %q, want %q", got, tc.want)
				}
			case <-time.After(hangAfter):
				t.Fatal("scan did not finish")
			}
		})
	}
}

// hangAfter is when TestBadInput calls a scan hung. It is a watchdog, not
// a speed check (the bombs end on the detector's work budget): under -race
// beside the rest of the suite on a 2-core CI machine a make bomb took
// over 20 s, where it takes 8 s alone.
const hangAfter = 90 * time.Second

// The number of scripts in the huge package.json of the test (kept small
// enough for -race on a loaded CI machine) and of the benchmark.
const (
	hugeTestScripts  = 5000
	hugeBenchScripts = 20000
)

func hugePackageJSON(hugeScripts int) string {
	var huge strings.Builder
	huge.WriteString("{\"name\": \"big\", \"scripts\": {\n")
	for i := 0; i < hugeScripts; i++ {
		fmt.Fprintf(&huge, "  \"task%d\": \"node build.js --step %d && echo ok\",\n", i, i)
	}
	huge.WriteString("  \"last\": \"claude -p done\"\n}}\n")
	return huge.String()
}

// BenchmarkHugePackageJSON scans a package.json of 20,000 scripts (1.2 MB).
func BenchmarkHugePackageJSON(b *testing.B) {
	src := []byte(hugePackageJSON(hugeBenchScripts))
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		_, _, _ = driver.ScanBytes("package.json", src, false, scanner.DefaultConfig(), scanner.Suite{Detectors: detectors, Shell: shell.New()})
	}
}

func bomb() string {
	var b strings.Builder
	b.WriteString("services:\n  a:\n    command: claude -p x\n")
	b.WriteString("x0: &x0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n")
	for i := 1; i < 12; i++ {
		fmt.Fprintf(&b, "x%d: &x%d [", i, i)
		for k := 0; k < 9; k++ {
			if k > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(&b, "*x%d", i-1)
		}
		b.WriteString("]\n")
	}
	return b.String()
}

// makeBomb defines A15, a Makefile variable of 1 KiB doubled 15 times:
// 32 MiB once expanded, twice the expansion bound.
func makeBomb() string {
	var b strings.Builder
	b.WriteString("A0 = " + strings.Repeat("x", 1024) + "\n")
	for i := 1; i <= 15; i++ {
		fmt.Fprintf(&b, "A%d = $(A%d)$(A%d)\n", i, i-1, i-1)
	}
	return b.String()
}

// makeChain defines A0 = claude and each An = $(An-1) up to n.
func makeChain(n int) string {
	var b strings.Builder
	b.WriteString("A0 = claude\n")
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "A%d = $(A%d)\n", i, i-1)
	}
	return b.String()
}

func mergeBomb() string {
	var b strings.Builder
	b.WriteString("command: claude\nm0: &m0 {a: 1, b: 2, c: 3, d: 4}\n")
	for i := 1; i < 12; i++ {
		fmt.Fprintf(&b, "m%d: &m%d\n  <<: [", i, i)
		for k := 0; k < 8; k++ {
			if k > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(&b, "*m%d", i-1)
		}
		b.WriteString("]\n")
	}
	return b.String()
}

func TestParseErrorIsTyped(t *testing.T) {
	p := scanner.NewPass("package.json", []byte("{\"scripts\": }"), scanner.DefaultConfig(), data.Name, scanner.Suite{Shell: shell.New()})
	err := data.New().Scan(p)
	var pe *scanner.ParseError
	if !errors.As(err, &pe) {
		t.Fatalf("got %v, want a *scanner.ParseError", err)
	}
	if pe.Pos != (scanner.Pos{Line: 1, Column: 13}) {
		t.Errorf("error at %v, want 1:13", pe.Pos)
	}
}

// fuzzNames are the file names FuzzDataDetector picks from with the first
// input byte, one per kind.
var fuzzNames = []string{
	"package.json", ".github/workflows/ci.yml", "action.yml", "compose.yaml", "Makefile",
	"Dockerfile", "x.service", "Procfile", "crontab", "etc/cron.d/job", ".mcp.json", "x.json",
	"x.yaml", "x.toml", ".vscode/tasks.json", "Jenkinsfile",
	"supervisord.conf", "tox.ini", "mise.toml", ".gitconfig",
	".tmuxinator.yml", "roles/x/tasks/main.yml", ".env", ".tmux.conf",
	"Tiltfile", "CMakeLists.txt", "Earthfile", "Vagrantfile", ".idea/runConfigurations/a.xml",
	".replit", ".lintstagedrc", "justfile",
}

// FuzzDataDetector feeds arbitrary bytes as each kind of data file: the
// detector must not panic, must return only parse errors, and must give
// the same findings twice.
func FuzzDataDetector(f *testing.F) {
	seeds := []string{
		"\x00{\"scripts\": {\"a\": \"claude -p\"}}",
		"\x01jobs:\n  a:\n    steps:\n      - run: claude\n      - uses: anthropics/claude-code-action@v1\n",
		"\x04A = $(A)\nall:\n\t@$(A) claude \\\n\t  -p\n",
		"\x05FROM x\nRUN <<EOF\nclaude\nEOF\nCMD [\"claude\"]\n",
		"\x06[Service]\nExecStart=@/bin/sh sh -c 'claude'\n",
		"\x08* * * * * claude % x\n",
		"\x0c&a [*a]\ncommand: [claude]\n",
		"\x0d[a]\ncommand = \"\"\"\nclaude\"\"\"\n",
		"\x0fpipeline { steps { sh \"${x} -p\"; sh(script: '''claude''', returnStdout: true) } }\n",
		"\x10[program:a]\ncommand=%(ENV_A)s claude\n  -p x\n",
		"\x11[testenv]\ncommands = - {posargs:claude} \\\n  -p\n",
		"\x12[tasks.a]\nrun = [\"{{vars.a}}\", {task = \"b\"}]\n[vars]\na = \"claude\"\n",
		"\x13[alias]\n\ta = \"!claude \\\n -p\" ; x\n",
		"\x14name: a\nroot: .\nwindows:\n  - a: {panes: [claude, [pi], {x: claude}]}\n",
		"\x15- shell: \"{{ item }}\"\n  loop: [claude]\n- command: {argv: [pi]}\n",
		"\x18a = 'claude'\nlocal(a + \" -p\", x=[\"pi\", f(\"\"\"\n\"\"\"\")])\nlocal_resource('x', cmd=r'claude\\'')\n",
		"\x19set(A claude)\nexecute_process(COMMAND ${A} [==[-p]==] \"x\\\"\" #[[c]]\n)\nadd_custom_target(t ALL pi (x)\n",
		"\x1aVERSION 0.8\nt:\n    RUN --push claude -p \\\n      x\n",
		"\x1bconfig.vm.provision :shell, :inline => <<~SHELL\n  claude #{x}\nSHELL\ns.inline = %Q{pi {x}}\n",
		"\x1c<configuration><option name=\"SCRIPT_TEXT\" value=\"claude &amp;&#10;&#x41;&bad;\"/></configuration>\n",
		"\x1drun = [\"claude\"]\n[[workflows.workflow]]\n[[workflows.workflow.tasks]]\ntask = \"shell.exec\"\nargs = \"pi\"\n",
		"\x1e{\"*.ts\": [\"claude -p\"]}\n",
		"\x1fa := `claude -p`\nb := shell('pi', \"x\")\nr:\n    echo {{ ```claude``` }}\n",
		// At and past the nesting bounds.
		"\x04X := " + strings.Repeat("$(shell ", 10) + "claude" + strings.Repeat(")", 10) + "\n",
		"\x00{\"scripts\": {\"a\": \"" + strings.Repeat("if true; then ", 1001) + "claude\"}}",
		"\x0d[a]\nb = " + strings.Repeat("[", 1001) + "1" + strings.Repeat("]", 1001) + "\n",
	}
	for _, s := range seeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		if len(in) == 0 {
			return
		}
		name := fuzzNames[int(in[0])%len(fuzzNames)]
		src := in[1:]
		run := func() ([]scanner.Finding, error) {
			p := scanner.NewPass(name, src, scanner.DefaultConfig(), data.Name, scanner.Suite{Shell: shell.New()})
			err := data.New().Scan(p)
			return p.Findings(), err
		}
		a, errA := run()
		b, errB := run()
		if !reflect.DeepEqual(a, b) || (errA == nil) != (errB == nil) {
			t.Fatalf("not deterministic: %v/%v vs %v/%v", a, errA, b, errB)
		}
		var pe *scanner.ParseError
		if errA != nil && !errors.As(errA, &pe) {
			t.Fatalf("error is not a ParseError: %v", errA)
		}
		for _, f := range a {
			if f.Line < 1 || f.Column < 1 {
				t.Fatalf("finding at %d:%d", f.Line, f.Column)
			}
		}
	})
}

// TestNestingBounds: past a nesting bound a launch definition is RED
// unparseable at the point the bound was reached, never silent (before,
// a launch under ten nested $(shell ...) calls was simply missed); shell
// text embedded in a definition is bounded by the shell detector.
func TestNestingBounds(t *testing.T) {
	shells := func(n int) string { return strings.Repeat("$(shell ", n) + "claude" + strings.Repeat(")", n) }
	tests := []struct {
		name, file, src string
		want            []string
	}{
		{"$(shell) within the bound", "Makefile", "X := " + shells(9) + "\n", []string{"1:78 makefile RED:command-substitution"}},
		{"$(shell) past the bound", "Makefile", "X := " + shells(10) + "\n", []string{"1:70 makefile RED:unparseable"}},
		{"$(shell) far past the bound", "Makefile", "X := " + shells(100_000) + "\n", []string{"1:70 makefile RED:unparseable"}},
		{"deep JSON", "package.json", "{\"scripts\": {\"a\": " + strings.Repeat("[", 100_000) + "\"claude\"" + strings.Repeat("]", 100_000) + "}}\n", []string{"1:1017 package.json RED:unparseable"}},
		// The shell text is past the shell detector's bound: the
		// conservative word split judges it.
		{"deep shell in a script", "package.json", "{\"scripts\": {\"a\": \"" + strings.Repeat("if true; then ", 2000) + "claude\"}}\n", []string{"1:28020 package.json RED:direct-literal"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, tags(scan(t, tt.file, tt.src)))
		})
	}
}

// manyKeys is a JSON object of n keys, each holding a runtime.
func manyKeys(n int) string {
	var b strings.Builder
	b.WriteString("{")
	for i := range n {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%q: %q", fmt.Sprintf("k%d", i), "claude")
	}
	b.WriteString("}")
	return b.String()
}

// manyVars is a dotenv file of n variables, each holding a runtime.
func manyVars(n int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "V%d=claude\n", i)
	}
	return b.String()
}
