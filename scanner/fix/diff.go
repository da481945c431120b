package fix

import (
	"fmt"
	"strings"
)

// context is the number of unchanged lines around a hunk.
const context = 3

// Diff returns the unified diff that turns old into new for the file
// name (a/name, b/name), or "" when they are equal. Fix's edits keep the
// line count, so lines pair one to one; a pair of texts whose line counts
// differ is shown as one hunk of the whole file.
func Diff(name string, old, new []byte) string {
	if string(old) == string(new) {
		return ""
	}
	a, b := splitLines(string(old)), splitLines(string(new))
	var out strings.Builder
	fmt.Fprintf(&out, "--- a/%s\n+++ b/%s\n", name, name)
	if len(a) != len(b) {
		fmt.Fprintf(&out, "@@ -%s +%s @@\n", span(1, len(a)), span(1, len(b)))
		for _, l := range a {
			writeLine(&out, '-', l)
		}
		for _, l := range b {
			writeLine(&out, '+', l)
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
