package data

import (
	"regexp"
	"strings"
)

// KindHCL is a Terraform, Nomad or other HCL file.
const KindHCL Kind = "hcl"

// hclAttrRE is an HCL attribute that holds a command: Terraform's
// `local-exec` and `remote-exec` provisioners (`command`, `inline`), a
// Nomad task's `command`.
var hclAttrRE = regexp.MustCompile(`^\s*(command|inline)\s*=\s*`)

// hcl scans an HCL file line by line (HCL is not parsed): each
// `command = "..."` (a string with HCL's escapes and `${ ... }`
// interpolations, which stay as written, unknown words) or `command =
// <<EOT` heredoc (`<<-EOT` too) is a shell command line, as Terraform's
// local-exec runs it (`/bin/sh -c`), and so is each string of an
// `inline = [ ... ]` list (remote-exec).
func (s *scan) hcl() {
	src := string(s.src)
	for off := 0; off < len(src); {
		end := strings.IndexByte(src[off:], '\n')
		if end < 0 {
			end = len(src)
		} else {
			end += off
		}
		line := src[off:end]
		next := end + 1
		m := hclAttrRE.FindStringSubmatchIndex(line)
		if m == nil {
			off = next
			continue
		}
		at := off + m[1]
		switch {
		case strings.HasPrefix(src[at:], `"`):
			if t, stop := hclString(src, at); stop > at {
				s.shell(t, "", nil)
				if stop > next {
					next = stop
				}
			}
		case strings.HasPrefix(src[at:], "<<"):
			id := strings.TrimSpace(strings.TrimPrefix(strings.TrimPrefix(src[at:end], "<<"), "-"))
			if id == "" {
				break
			}
			body := next
			stop := len(src)
			for l := next; l < len(src); {
				e := strings.IndexByte(src[l:], '\n')
				if e < 0 {
					e = len(src)
				} else {
					e += l
				}
				if strings.TrimSpace(src[l:e]) == id {
					stop = l
					next = e + 1
					break
				}
				l = e + 1
				if l >= len(src) {
					next = len(src)
				}
			}
			if stop > body {
				s.shell(verbatim(src[body:stop], body), "", nil)
			}
		case strings.HasPrefix(src[at:], "[") && line[m[2]:m[3]] == "inline":
			// the strings of the list, up to its closing bracket
			for i := at + 1; i < len(src) && src[i] != ']'; i++ {
				if src[i] == '"' {
					t, stop := hclString(src, i)
					if stop <= i {
						break
					}
					s.shell(t, "", nil)
					i = stop - 1
				}
			}
		}
		off = max(next, off+1)
	}
}

// maxHCLString bounds how far an HCL string is read for its closing
// quote.
const maxHCLString = 1 << 16

// hclString decodes the HCL string whose opening quote is at src[at]:
// its text with each byte's file offset, and the offset just past the
// closing quote (at when there is none within the bound). `${ ... }`
// interpolations are kept as written, quotes inside them included.
func hclString(src string, at int) (text, int) {
	var b builder
	depth := 0
	for i := at + 1; i < len(src) && i < at+maxHCLString; i++ {
		c := src[i]
		switch {
		case c == '\\' && i+1 < len(src):
			i++
			switch src[i] {
			case 'n':
				b.add("\n", i-1)
			case 't':
				b.add("\t", i-1)
			default:
				b.add(src[i:i+1], i)
			}
		case c == '$' && strings.HasPrefix(src[i:], "${"):
			depth++
			b.add("${", i)
			i++
		case c == '}' && depth > 0:
			depth--
			b.add("}", i)
		case c == '"' && depth == 0:
			return b.text(i), i + 1
		case c == '\n' && depth == 0:
			return text{}, at
		default:
			b.add(src[i:i+1], i)
		}
	}
	return text{}, at
}
