package data

import (
	"fmt"
	"regexp"
	"strings"
)

// vagrantKeyRE finds the Vagrantfile options that hold shell text: the
// shell provisioner's `inline` (`inline: "..."`, `:inline => "..."`,
// `s.inline = "..."`) and the docker provisioner's `cmd` (`d.run "x",
// cmd: "..."`).
var vagrantKeyRE = regexp.MustCompile(`(?:\b(inline|cmd):|:(inline|cmd)\s*=>|\.(inline|cmd)\s*=)\s*`)

// vagrantfile scans a Vagrantfile (Ruby): the string given to a shell
// provisioner's `inline` (also in a trigger's `run`/`run_remote` hash)
// and to the docker provisioner's `cmd` is a shell command line run in
// the machine: a double- or single-quoted string, `%q`/`%Q`/`%()`
// literals and heredocs (`<<-SHELL`, `<<~SHELL`). A `#{...}`
// interpolation is a neutral word. A variable given instead (`inline:
// $script`, the common idiom) stands for each string literal the file
// assigns it (`$script = <<-SCRIPT`); any other value (a method call) is
// not read. A provisioner's `path:` script is a file of
// the repository, read as shell where it is.
func (s *scan) vagrantfile() {
	if !s.p.Hits.Seed() {
		return
	}
	src := string(s.src)
	seen := map[string]bool{}
	for _, m := range vagrantKeyRE.FindAllStringIndex(src, -1) {
		if t, ok := rubyString(src, m[1]); ok {
			s.shell(t, "", nil)
			continue
		}
		// a variable (`inline: $script`): the strings the file assigns it
		name := rubyNameRE.FindString(src[m[1]:])
		if name == "" || seen[name] {
			continue
		}
		if len(seen) >= maxVagrantNames {
			s.hitLimit(m[1], fmt.Sprintf("more than %d variables are given as provisioner scripts; the rest are not read", maxVagrantNames))
			return
		}
		seen[name] = true
		assign := regexp.MustCompile(`(?m)(?:^|[^\w$])` + regexp.QuoteMeta(name) + `\s*=\s*`)
		for _, a := range assign.FindAllStringIndex(src, -1) {
			if a[1] < len(src) && src[a[1]-1] == '=' && a[1] >= 2 && src[a[1]-2] == '=' {
				continue // ==
			}
			if t, ok := rubyString(src, a[1]); ok {
				s.shell(t, "", nil)
			}
		}
	}
}

// maxVagrantNames bounds the variables a Vagrantfile gives as scripts
// that are looked up (each is a search of the file).
const maxVagrantNames = 64

// rubyNameRE is a Ruby variable, global or constant name.
var rubyNameRE = regexp.MustCompile(`^[$@]{0,2}[A-Za-z_][A-Za-z0-9_]*`)

// rubyString reads the Ruby string literal at src[i], if one starts
// there.
func rubyString(src string, i int) (text, bool) {
	if i >= len(src) {
		return text{}, false
	}
	switch c := src[i]; {
	case c == '"' || c == '\'':
		return rubyQuoted(src, i+1, c, c, c == '"'), true
	case c == '%' && i+2 < len(src):
		j := i + 1
		interp := true
		if src[j] == 'q' || src[j] == 'Q' {
			interp = src[j] == 'Q'
			j++
		}
		open := src[j]
		closer := map[byte]byte{'(': ')', '[': ']', '{': '}', '<': '>'}[open]
		if closer == 0 {
			if isNameByte(open) || open == ' ' {
				return text{}, false
			}
			closer = open
		}
		return rubyQuoted(src, j+1, open, closer, interp), true
	case c == '<' && strings.HasPrefix(src[i:], "<<"):
		j := i + 2
		if j < len(src) && (src[j] == '-' || src[j] == '~') {
			j++
		}
		quote := byte(0)
		if j < len(src) && (src[j] == '\'' || src[j] == '"') {
			quote = src[j]
			j++
		}
		k := j
		for k < len(src) && isNameByte(src[k]) {
			k++
		}
		if k == j {
			return text{}, false
		}
		tag := src[j:k]
		nl := strings.IndexByte(src[k:], '\n')
		if nl < 0 {
			return text{}, false
		}
		var b builder
		for off := k + nl + 1; off < len(src); {
			end := strings.IndexByte(src[off:], '\n')
			line := src[off:]
			if end >= 0 {
				line = src[off : off+end]
			}
			if strings.TrimSpace(line) == tag {
				break
			}
			b.add(rubyInterp(line, quote != '\''), off)
			b.add("\n", off+len(line))
			if end < 0 {
				break
			}
			off += end + 1
		}
		return b.text(len(src)), true
	}
	return text{}, false
}

// rubyQuoted reads a quoted literal from src[i] up to closer (nested
// pairs of open and closer kept), with `#{...}` a neutral word when interp.
func rubyQuoted(src string, i int, open, closer byte, interp bool) text {
	var b builder
	depth := 0
	for j := i; j < len(src); j++ {
		c := src[j]
		switch {
		case c == '\\' && j+1 < len(src):
			d := src[j+1]
			switch {
			case interp && d == 'n':
				b.addAt("\n", j)
			case interp && d == 't':
				b.addAt("\t", j)
			default:
				b.addAt(src[j+1:j+2], j)
			}
			j++
		case c == closer && depth == 0:
			return b.text(j)
		case c == closer:
			depth--
			b.add(src[j:j+1], j)
		case c == open && open != closer:
			depth++
			b.add(src[j:j+1], j)
		case interp && c == '#' && j+1 < len(src) && src[j+1] == '{':
			end := strings.IndexByte(src[j:], '}')
			if end < 0 {
				end = len(src) - j - 1
			}
			b.addAt(makePlaceholder, j)
			j += end
		default:
			b.add(src[j:j+1], j)
		}
	}
	return b.text(len(src))
}

// rubyInterp replaces a heredoc line's `#{...}` with a neutral word of
// the same length when interp, so offsets hold.
func rubyInterp(line string, interp bool) string {
	if !interp || !strings.Contains(line, "#{") {
		return line
	}
	b := []byte(line)
	for i := 0; i+1 < len(b); i++ {
		if b[i] == '#' && b[i+1] == '{' {
			end := strings.IndexByte(line[i:], '}')
			if end < 0 {
				end = len(line) - i - 1
			}
			for k := i; k <= i+end; k++ {
				b[k] = '_'
			}
			i += end
		}
	}
	return string(b)
}
