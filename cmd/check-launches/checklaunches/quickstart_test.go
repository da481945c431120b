package checklaunches

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestQuickstartReplays replays docs/quickstart.md from the page itself:
// it writes the repository of step 2, runs each `check-launches` command
// the page shows, and compares the output with the page; it applies the
// diff of step 5 and the families of step 7 the same way. If the scanner's
// output changes, the page must be updated with a real run.
func TestQuickstartReplays(t *testing.T) {
	page, err := os.ReadFile(filepath.Join(repoRoot(t), "docs", "quickstart.md"))
	if err != nil {
		t.Fatal(err)
	}
	doc := string(page)
	root := t.TempDir()
	t.Chdir(root)

	// Step 2: files are code blocks right after a "`path`:" line.
	fileRE := regexp.MustCompile("(?m)^`([^`]+)`:\n\n```[a-z]*\n((?s:.*?))```\n")
	files := fileRE.FindAllStringSubmatch(doc, -1)
	if len(files) != 3 {
		t.Fatalf("found %d files in step 2, want 3", len(files))
	}
	for _, f := range files {
		writeFile(t, root, f[1], f[2])
	}
	git(t, root, "init", "-q", "-b", "main")

	// Console blocks: a command line, its output up to the next `$ ` line
	// or the end of the block.
	type step struct{ args, out string }
	var steps []step
	for _, b := range consoleBlocks(doc) {
		var cur *step
		for _, line := range strings.SplitAfter(b, "\n") {
			if cmd, ok := strings.CutPrefix(line, "$ "); ok {
				if cur != nil {
					steps = append(steps, *cur)
				}
				cur = &step{args: strings.TrimSpace(cmd)}
				continue
			}
			if cur != nil {
				cur.out += line
			}
		}
		if cur != nil {
			steps = append(steps, *cur)
		}
	}
	diff := regexp.MustCompile("(?s)```diff\n(.*?)```\n").FindStringSubmatch(doc)
	families := regexp.MustCompile("(?s)```yaml\n(families:\n.*?)```\n").FindStringSubmatch(doc)
	if diff == nil || families == nil {
		t.Fatal("the diff of step 5 or the families of step 7 are missing")
	}
	ran, lastCode := 0, -1
	fixed, configured := false, false
	for _, s := range steps {
		switch {
		case s.args == "echo $?":
			if want := strings.TrimSpace(s.out); want != itoa(lastCode) {
				t.Errorf("page says exit status %s, the run gave %d", want, lastCode)
			}
			continue
		case !strings.HasPrefix(s.args, "check-launches"):
			continue // install steps, ls, export
		}
		args := strings.Fields(strings.TrimPrefix(s.args, "check-launches"))
		head := 0
		if i := indexOf(args, "|"); i >= 0 { // `| head -20`
			head = 20
			args = args[:i]
		}
		// The page fixes the findings (step 5) before the first run that
		// it shows green, and sets the families (step 7) after init.
		if strings.HasPrefix(s.out, "package.json:6:16:") && !fixed {
			applyDiff(t, root, diff[1])
			fixed = true
		}
		if strings.Contains(s.out, "Developer tools") && !configured {
			cfg, err := os.ReadFile(filepath.Join(root, ".check-launches.yaml"))
			if err != nil {
				t.Fatal(err)
			}
			re := regexp.MustCompile(`(?m)^# families:\n(#.*\n)*`)
			out := re.ReplaceAllString(string(cfg), families[1])
			if out == string(cfg) {
				t.Fatal("the starter config has no commented families key to replace")
			}
			writeFile(t, root, ".check-launches.yaml", out)
			configured = true
		}
		code, out, errs := runCmd(t, nil, args...)
		out += errs
		if head > 0 {
			out = strings.Join(strings.SplitAfter(out, "\n")[:head], "")
			out = strings.TrimSuffix(out, "\n")
		}
		if strings.TrimRight(out, "\n") != strings.TrimRight(s.out, "\n") {
			t.Errorf("$ %s\npage:\n%s\nrun:\n%s", s.args, s.out, out)
		}
		lastCode = code
		ran++
	}
	if ran < 7 || !fixed || !configured {
		t.Errorf("replayed %d commands (fixed %v, configured %v); the page's steps were not found", ran, fixed, configured)
	}
}

// consoleBlocks returns the bodies of the page's console code blocks,
// fenced with three backticks or more (a block that shows Markdown with
// fences inside uses four).
func consoleBlocks(doc string) []string {
	var out []string
	lines := strings.SplitAfter(doc, "\n")
	for i := 0; i < len(lines); i++ {
		l := strings.TrimSuffix(lines[i], "\n")
		fence, ok := strings.CutSuffix(l, "console")
		if !ok || len(fence) < 3 || strings.Trim(fence, "`") != "" {
			continue
		}
		var body strings.Builder
		for i++; i < len(lines) && strings.TrimSuffix(lines[i], "\n") != fence; i++ {
			body.WriteString(lines[i])
		}
		out = append(out, body.String())
	}
	return out
}

// applyDiff applies a unified diff whose hunks replace whole lines: each
// run of `-` lines is replaced by the `+` lines that follow.
func applyDiff(t *testing.T, root, diff string) {
	t.Helper()
	var file string
	var minus, plus []string
	flush := func() {
		if file == "" || len(minus) == 0 {
			minus, plus = nil, nil
			return
		}
		p := filepath.Join(root, file)
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		old, repl := strings.Join(minus, "\n")+"\n", strings.Join(plus, "\n")+"\n"
		if !strings.Contains(string(b), old) {
			t.Fatalf("%s: diff does not apply: %q", file, old)
		}
		if err := os.WriteFile(p, []byte(strings.Replace(string(b), old, repl, 1)), 0o755); err != nil {
			t.Fatal(err)
		}
		minus, plus = nil, nil
	}
	for _, line := range strings.Split(diff, "\n") {
		switch {
		case strings.HasPrefix(line, "--- a/"):
			flush()
			file = strings.TrimPrefix(line, "--- a/")
		case strings.HasPrefix(line, "+++ "), strings.HasPrefix(line, "@@"):
		case strings.HasPrefix(line, "-"):
			if len(plus) > 0 {
				flush()
			}
			minus = append(minus, line[1:])
		case strings.HasPrefix(line, "+"):
			plus = append(plus, line[1:])
		default:
			flush()
		}
	}
	flush()
}

func indexOf(s []string, v string) int {
	for i, x := range s {
		if x == v {
			return i
		}
	}
	return -1
}

func itoa(n int) string { return strconv.Itoa(n) }
