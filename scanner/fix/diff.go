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
// differ (inserted lines) are aligned by their longest common subsequence
// of lines.
func Diff(name string, old, new []byte) string {
	if string(old) == string(new) {
		return ""
	}
	a, b := splitLines(string(old)), splitLines(string(new))
	var out strings.Builder
	fmt.Fprintf(&out, "--- a/%s\n+++ b/%s\n", name, name)
	if len(a) != len(b) {
		writeHunks(&out, lineOps(a, b))
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

// op is one line of an alignment: ' ' in both, '-' only in the old
// text, '+' only in the new.
type op struct {
	tag  byte
	line string
}

// maxAlign bounds the cells of the alignment table; past it the texts are
// aligned by their common first and last lines alone.
const maxAlign = 1 << 22

// lineOps aligns a and b line by line.
func lineOps(a, b []string) []op {
	pre := 0
	for pre < len(a) && pre < len(b) && a[pre] == b[pre] {
		pre++
	}
	suf := 0
	for suf < len(a)-pre && suf < len(b)-pre && a[len(a)-1-suf] == b[len(b)-1-suf] {
		suf++
	}
	var out []op
	for _, l := range a[:pre] {
		out = append(out, op{' ', l})
	}
	ma, mb := a[pre:len(a)-suf], b[pre:len(b)-suf]
	if (len(ma)+1)*(len(mb)+1) > maxAlign {
		for _, l := range ma {
			out = append(out, op{'-', l})
		}
		for _, l := range mb {
			out = append(out, op{'+', l})
		}
	} else {
		// lcs[i][j] is the longest common subsequence of ma[i:], mb[j:].
		w := len(mb) + 1
		lcs := make([]int32, (len(ma)+1)*w)
		for i := len(ma) - 1; i >= 0; i-- {
			for j := len(mb) - 1; j >= 0; j-- {
				if ma[i] == mb[j] {
					lcs[i*w+j] = lcs[(i+1)*w+j+1] + 1
				} else {
					lcs[i*w+j] = max(lcs[(i+1)*w+j], lcs[i*w+j+1])
				}
			}
		}
		i, j := 0, 0
		for i < len(ma) || j < len(mb) {
			switch {
			case i < len(ma) && j < len(mb) && ma[i] == mb[j]:
				out = append(out, op{' ', ma[i]})
				i, j = i+1, j+1
			case j < len(mb) && (i == len(ma) || lcs[i*w+j+1] >= lcs[(i+1)*w+j]):
				if i < len(ma) && lcs[i*w+j+1] == lcs[(i+1)*w+j] {
					// A changed line: its old form first.
					out = append(out, op{'-', ma[i]})
					i++
					continue
				}
				out = append(out, op{'+', mb[j]})
				j++
			default:
				out = append(out, op{'-', ma[i]})
				i++
			}
		}
	}
	for _, l := range a[len(a)-suf:] {
		out = append(out, op{' ', l})
	}
	return out
}

// writeHunks writes the hunks of an alignment, each change with context
// lines around it; changes closer than 2*context share a hunk.
func writeHunks(out *strings.Builder, ops []op) {
	for i := 0; i < len(ops); {
		if ops[i].tag == ' ' {
			i++
			continue
		}
		start := max(0, i-context)
		end := i
		for j := i; j < len(ops); j++ {
			if ops[j].tag != ' ' {
				end = j
			} else if j-end > 2*context {
				break
			}
		}
		stop := min(len(ops), end+context+1)
		la, lb := 1, 1
		for _, o := range ops[:start] {
			la += btoi(o.tag != '+')
			lb += btoi(o.tag != '-')
		}
		na, nb := 0, 0
		for _, o := range ops[start:stop] {
			na += btoi(o.tag != '+')
			nb += btoi(o.tag != '-')
		}
		fmt.Fprintf(out, "@@ -%s +%s @@\n", span(la, na), span(lb, nb))
		for _, o := range ops[start:stop] {
			writeLine(out, o.tag, o.line)
		}
		i = stop
	}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
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
