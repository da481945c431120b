package fix

import (
	"fmt"
	"strings"
)

// context is the number of unchanged lines around a hunk.
const context = 3

// Diff returns the unified diff that turns old into new for the file
// name (a/name, b/name), or "" when they are equal. Fix's edits mostly
// keep the line count, so lines pair one to one; texts whose line counts
// differ (inserted lines) are shown as one hunk from the first line that
// differs to the last.
func Diff(name string, old, new []byte) string {
	if string(old) == string(new) {
		return ""
	}
	a, b := splitLines(string(old)), splitLines(string(new))
	var out strings.Builder
	fmt.Fprintf(&out, "--- a/%s\n+++ b/%s\n", name, name)
	if len(a) != len(b) {
		pre := 0
		for pre < len(a) && pre < len(b) && a[pre] == b[pre] {
			pre++
		}
		suf := 0
		for suf < len(a)-pre && suf < len(b)-pre && a[len(a)-1-suf] == b[len(b)-1-suf] {
			suf++
		}
		start := max(0, pre-context)
		ea, eb := min(len(a), len(a)-suf+context), min(len(b), len(b)-suf+context)
		fmt.Fprintf(&out, "@@ -%s +%s @@\n", span(start+1, ea-start), span(start+1, eb-start))
		for _, l := range a[start:pre] {
			writeLine(&out, ' ', l)
		}
		for _, l := range a[pre : len(a)-suf] {
			writeLine(&out, '-', l)
		}
		for _, l := range b[pre : len(b)-suf] {
			writeLine(&out, '+', l)
		}
		for _, l := range a[len(a)-suf : ea] {
			writeLine(&out, ' ', l)
		}
		return out.String()
	}
	for i := 0; i < len(a); {
		if a[i] == b[i] {
			i++
			continue
		}
		// A hunk: from context lines before the change to context lines
		// after the last change that is within 2*context of the next.
		start := max(0, i-context)
		end := i
		for j := i; j < len(a); j++ {
			if a[j] != b[j] {
				end = j
			} else if j-end > 2*context {
				break
			}
		}
		stop := min(len(a), end+context+1)
		fmt.Fprintf(&out, "@@ -%s +%s @@\n", span(start+1, stop-start), span(start+1, stop-start))
		for k := start; k < stop; {
			if a[k] == b[k] {
				writeLine(&out, ' ', a[k])
				k++
				continue
			}
			run := k
			for run < stop && a[run] != b[run] {
				run++
			}
			for _, l := range a[k:run] {
				writeLine(&out, '-', l)
			}
			for _, l := range b[k:run] {
				writeLine(&out, '+', l)
			}
			k = run
		}
		i = stop
	}
	return out.String()
}

// NewFileDiff returns the git diff that creates the file name with data
// and mode.
func NewFileDiff(name string, data []byte, mode uint32) string {
	var out strings.Builder
	lines := splitLines(string(data))
	fmt.Fprintf(&out, "diff --git a/%s b/%s\nnew file mode %o\n--- /dev/null\n+++ b/%s\n@@ -0,0 +%s @@\n", name, name, 0o100000|mode, name, span(1, len(lines)))
	for _, l := range lines {
		writeLine(&out, '+', l)
	}
	return out.String()
}

func span(start, n int) string {
	if n == 1 {
		return fmt.Sprint(start)
	}
	if n == 0 {
		start--
	}
	return fmt.Sprintf("%d,%d", start, n)
}

func writeLine(b *strings.Builder, tag byte, l string) {
	b.WriteByte(tag)
	if strings.HasSuffix(l, "\n") {
		b.WriteString(l)
		return
	}
	b.WriteString(l + "\n\\ No newline at end of file\n")
}

func splitLines(s string) []string {
	var out []string
	for s != "" {
		i := strings.IndexByte(s, '\n')
		if i < 0 {
			out = append(out, s)
			break
		}
		out = append(out, s[:i+1])
		s = s[i+1:]
	}
	return out
}
