package tsjs

import (
	"bytes"
	"strings"

	"github.com/leasegate/leasegate/scanner"
)

// componentExt reports whether ext is a single-file component's: Vue's
// and Svelte's, whose <script> blocks are JavaScript or TypeScript.
func componentExt(ext string) bool { return ext == ".vue" || ext == ".svelte" }

// maxScriptBlocks bounds the <script> blocks componentScripts reads in
// one component; a component with more is read up to there.
const maxScriptBlocks = 64

// componentScripts is src, a single-file component (Vue, Svelte), with
// every byte outside its <script> blocks blanked (a space; line breaks
// kept, so a line and a column of the script are the file's), and the
// extension of the grammar the blocks' lang attribute names (".ts" for
// `lang="ts"` or "typescript", ".tsx" for "tsx", else ".js"). The
// blocks of one component are one program (`<script>` and `<script
// setup>` share the module's imports).
func componentScripts(src []byte) ([]byte, string) {
	out := bytes.Repeat([]byte{' '}, len(src))
	for i, c := range src {
		if c == '\n' || c == '\r' {
			out[i] = c
		}
	}
	ext := ".js"
	lower := bytes.ToLower(src)
	for off, n := 0, 0; n < maxScriptBlocks; n++ {
		i := bytes.Index(lower[off:], []byte("<script"))
		if i < 0 {
			break
		}
		i += off
		tag := i + len("<script")
		if tag >= len(src) || !(src[tag] == '>' || src[tag] == ' ' || src[tag] == '\t' || src[tag] == '\n' || src[tag] == '\r') {
			off = tag
			continue
		}
		end := bytes.IndexByte(src[tag:], '>')
		if end < 0 {
			break
		}
		attrs := string(lower[tag : tag+end])
		body := tag + end + 1
		if !strings.HasSuffix(strings.TrimSpace(attrs), "/") {
			stop := bytes.Index(lower[body:], []byte("</script"))
			if stop < 0 {
				stop = len(src) - body
			}
			copy(out[body:body+stop], src[body:body+stop])
			off = body + stop
		} else {
			off = body
		}
		switch scriptLang(attrs) {
		case "ts", "typescript":
			if ext == ".js" {
				ext = ".ts"
			}
		case "tsx":
			ext = ".tsx"
		}
	}
	return out, ext
}

// scriptLang is the lang attribute of a <script> tag's attributes
// (lower case), without its quotes; "" when none.
func scriptLang(attrs string) string {
	i := strings.Index(attrs, "lang")
	for i >= 0 {
		rest := strings.TrimLeft(attrs[i+len("lang"):], " \t\r\n")
		if v, ok := strings.CutPrefix(rest, "="); ok {
			v = strings.TrimLeft(v, " \t\r\n")
			if v != "" && (v[0] == '"' || v[0] == '\'') {
				q := v[0]
				if j := strings.IndexByte(v[1:], q); j >= 0 {
					return v[1 : 1+j]
				}
				return ""
			}
			if j := strings.IndexAny(v, " \t\r\n/"); j >= 0 {
				return v[:j]
			}
			return v
		}
		next := strings.Index(attrs[i+1:], "lang")
		if next < 0 {
			break
		}
		i += 1 + next
	}
	return ""
}

// componentPass, for a pass over a single-file component, puts the
// component's scripts in place of its source (componentScripts) and
// returns the path the grammar is chosen by and a function that puts
// the source back; for any other file, its path and a no-op.
func componentPass(p *scanner.Pass) (string, func()) {
	i := strings.LastIndexByte(p.Path, '.')
	if i < 0 || !componentExt(strings.ToLower(p.Path[i:])) {
		return p.Path, func() {}
	}
	src := p.Src
	scripts, ext := componentScripts(src)
	p.Src = scripts
	return p.Path + ext, func() { p.Src = src }
}
