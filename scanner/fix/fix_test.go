package fix

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leasegate/leasegate/scanner"
)

func redAt(line, col int, cls scanner.Class) scanner.Finding {
	return scanner.Finding{File: "run.sh", Line: line, Column: col, Language: "shell", Runtime: "claude", Class: cls, Verdict: scanner.VerdictRed}
}

// TestFileChecksEachEdit: an edit is kept only when the re-scan has fewer
// RED findings and none new.
func TestFileChecksEachEdit(t *testing.T) {
	src := []byte("#!/bin/sh\nclaude -p hi # keep\n")
	f := redAt(2, 1, scanner.ClassDirectLiteral)
	tests := []struct {
		name    string
		rescan  func([]byte) []scanner.Finding
		wantNew string
		reason  string
	}{
		{
			name: "gated on the re-scan",
			rescan: func(b []byte) []scanner.Finding {
				if strings.Contains(string(b), "\nclaude") {
					return []scanner.Finding{f}
				}
				return nil
			},
			wantNew: "#!/bin/sh\nlaunch-runtime --runtime claude -- -p hi # keep\n",
		},
		{
			name:    "still RED on the re-scan",
			rescan:  func([]byte) []scanner.Finding { return []scanner.Finding{f} },
			wantNew: string(src),
			reason:  ReasonUnverified,
		},
		{
			name: "a new RED finding on the re-scan",
			rescan: func(b []byte) []scanner.Finding {
				if strings.Contains(string(b), "\nclaude") {
					return []scanner.Finding{f}
				}
				return []scanner.Finding{redAt(1, 1, scanner.ClassEval)}
			},
			wantNew: string(src),
			reason:  ReasonUnverified,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := File("run.sh", src, []scanner.Finding{f}, scanner.DefaultConfig(), func(b []byte) ([]scanner.Finding, error) {
				return tt.rescan(b), nil
			})
			require.NoError(t, err)
			assert.Equal(t, tt.wantNew, string(res.New))
			if tt.reason == "" {
				assert.Empty(t, res.Left)
				assert.Equal(t, 1, res.Fixed)
				require.Len(t, res.Sites, 1)
				return
			}
			require.Len(t, res.Left, 1)
			assert.Equal(t, tt.reason, res.Left[0].Reason)
			assert.Zero(t, res.Fixed)
		})
	}
}

// TestFileKeepsLines: a runtime name split by a line continuation is left,
// since an edit must not remove a line.
func TestFileKeepsLines(t *testing.T) {
	src := []byte("clau\\\nde -p hi\n")
	f := redAt(1, 1, scanner.ClassDirectLiteral)
	res, err := File("run.sh", src, []scanner.Finding{f}, scanner.DefaultConfig(), func([]byte) ([]scanner.Finding, error) {
		return nil, nil
	})
	require.NoError(t, err)
	assert.Equal(t, string(src), string(res.New))
}

func TestDiff(t *testing.T) {
	tests := []struct {
		name, old, new, want string
	}{
		{"equal", "a\n", "a\n", ""},
		{"one line in context", "1\n2\n3\n4\n5\n", "1\n2\nX\n4\n5\n",
			"--- a/f\n+++ b/f\n@@ -1,5 +1,5 @@\n 1\n 2\n-3\n+X\n 4\n 5\n"},
		{"no newline at the end", "a\nb", "a\nc",
			"--- a/f\n+++ b/f\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+c\n\\ No newline at end of file\n"},
		{"two changes, one hunk, in order", "1\n2\n3\n4\n5\n", "X\n2\n3\n4\nY\n",
			"--- a/f\n+++ b/f\n@@ -1,5 +1,5 @@\n-1\n+X\n 2\n 3\n 4\n-5\n+Y\n"},
		{"line counts differ", "a\n", "a\nb\n", "--- a/f\n+++ b/f\n@@ -1 +1,2 @@\n a\n+b\n"},
		{"lines inserted between context", "1\n2\n3\n4\n5\n6\n7\n8\n9\n", "1\n2\n3\n4\n5\nX\nY\n6\n7\n8\n9\n",
			"--- a/f\n+++ b/f\n@@ -3,6 +3,8 @@\n 3\n 4\n 5\n+X\n+Y\n 6\n 7\n 8\n"},
		{"a change and an insertion far apart, two hunks", "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n", "X\n2\n3\n4\n5\n6\n7\n8\n9\n10\nY\n11\n",
			"--- a/f\n+++ b/f\n@@ -1,4 +1,4 @@\n-1\n+X\n 2\n 3\n 4\n@@ -8,4 +8,5 @@\n 8\n 9\n 10\n+Y\n 11\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, Diff("f", []byte(tt.old), []byte(tt.new)))
		})
	}
}

func TestPosition(t *testing.T) {
	src := []byte("ab\ncd\n")
	for off, want := range map[int][2]int{0: {1, 1}, 2: {1, 3}, 3: {2, 1}, 5: {2, 3}, 6: {3, 1}} {
		l, c := Position(src, off)
		assert.Equal(t, want, [2]int{l, c}, "offset %d", off)
	}
}

// FuzzFile: on any text, in any language, with a RED finding anywhere,
// fix does not panic and its rewrite keeps the line count.
func FuzzFile(f *testing.F) {
	for _, s := range []string{
		"claude -p hi\n", "bash -c 'claude -p \"a b\"'\n", `{"command": "npx", "args": ["-y", "@anthropic-ai/claude-code"]}`,
		"spawn('claude', ['-p', x])\n", "subprocess.run([\"claude\", # c\n \"-p\"])\n", "exec.Command(\"claude\", args...)\n",
		"CMD [\"claude\", \"-p\"]\n", "- run: claude -p \"${{ x }}\"\n",
	} {
		for _, lang := range []string{"shell", "javascript", "python", "go", "package.json", "dockerfile"} {
			f.Add(s, lang, 1, 1)
		}
	}
	cfg := scanner.DefaultConfig()
	f.Fuzz(func(t *testing.T, src, lang string, line, col int) {
		ext := map[string]string{"javascript": ".js", "python": ".py", "go": ".go", "shell": ".sh"}[lang]
		fd := scanner.Finding{File: "f" + ext, Line: line, Column: col, Language: lang, Runtime: "claude", Class: scanner.ClassProcessAPI, Verdict: scanner.VerdictRed}
		calls := 0
		res, err := File(fd.File, []byte(src), []scanner.Finding{fd}, cfg, func([]byte) ([]scanner.Finding, error) {
			calls++
			if calls == 1 {
				return []scanner.Finding{fd}, nil
			}
			return nil, nil
		})
		require.NoError(t, err)
		assert.Equal(t, strings.Count(src, "\n"), strings.Count(string(res.New), "\n"))
	})
}
