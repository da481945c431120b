package data

import (
	"bytes"
	"path"
	"regexp"
	"strings"
)

// helmValueRE is a plain reference to a chart value in a Helm template:
// `{{ .Values.agent.binary }}`, with whitespace trimming and `| quote`.
var helmValueRE = regexp.MustCompile(`\{\{-?\s*\.Values\.([A-Za-z0-9_.]+)\s*(?:\|\s*quote\s*)?-?\}\}`)

// helmTemplate scans a Helm chart's template (a YAML file in a
// `templates/` folder whose chart folder holds `values.yaml`, a file of
// the scan) with each plain `{{ .Values.PATH }}` that names a scalar of
// values.yaml put in place: the chart's defaults are what the release
// runs unless overridden, so `command: ["{{ .Values.agent.binary }}"]`
// with `agent.binary: claude` is a launch in the template. Only a values
// file naming a runtime is read; a template that does not parse with the
// values in place is left to the plain scan. It reports whether it
// scanned the template (the plain scan is then not needed).
func (s *scan) helmTemplate() bool {
	p := s.p
	dir := path.Dir(p.Path)
	if path.Base(dir) != "templates" || p.Shared == nil || p.Shared.Read == nil || !bytes.Contains(p.Src, []byte(".Values.")) {
		return false
	}
	vsrc, ok := p.Shared.Read(path.Join(path.Dir(dir), "values.yaml"))
	if !ok || !p.Config.MentionsRuntime(vsrc) {
		return false
	}
	docs, err := yamlDocs(vsrc, newLines(vsrc), func(int, string) {})
	if err != nil || len(docs) == 0 {
		return false
	}
	changed := false
	sub := helmValueRE.ReplaceAllStringFunc(string(p.Src), func(m string) string {
		n := docs[0]
		for _, k := range strings.Split(helmValueRE.FindStringSubmatch(m)[1], ".") {
			n = n.get(k)
		}
		if n == nil || n.kind != kindScalar || strings.ContainsAny(n.str, "\n\r{}") {
			return m
		}
		changed = true
		return n.str
	})
	if !changed {
		return false
	}
	if _, err := yamlDocs([]byte(sub), newLines([]byte(sub)), func(int, string) {}); err != nil && hasTemplate([]byte(sub)) {
		// the template's other actions (`{{ .Release.Name }}-agent`)
		// break the YAML: they are blanked, the values kept
		sub = string(blankTemplates([]byte(sub)))
	}
	fp := p.Fork(p.Path, []byte(sub))
	fp.Shared, fp.Imports = p.Shared, p.Imports
	if err := newScan(fp).run(KindYAML, false); err != nil {
		return false
	}
	for _, f := range fp.Findings() {
		if f.IsLaunch() {
			f.Message += " (with the chart's values.yaml in place)"
		}
		p.Report(f)
	}
	return true
}

// hasTemplate reports text with template actions: Go templates (Helm,
// Taskfile), Jinja (Ansible, Salt).
func hasTemplate(src []byte) bool {
	return bytes.Contains(src, []byte("{{")) || bytes.Contains(src, []byte("{%"))
}

// maxTemplateAction bounds how far an action's closing delimiter is
// looked for; an action left open is left as written.
const maxTemplateAction = 4096

// blankTemplates returns src with each template action (`{{ ... }}`,
// `{% ... %}`, `{# ... #}`) replaced, byte for byte, so every position
// stays: an action alone on its line(s) by blanks (a control action, an
// `include` of a block), any other by `x`s, a placeholder word (an
// unknown value: `name: {{ .Release.Name }}-agent` reads as a name). The
// newlines inside an action are kept.
func blankTemplates(src []byte) []byte {
	out := bytes.Clone(src)
	for i := 0; i+1 < len(out); i++ {
		if out[i] != '{' || (out[i+1] != '{' && out[i+1] != '%' && out[i+1] != '#') {
			continue
		}
		closer := []byte{out[i+1], '}'}
		if out[i+1] == '{' {
			closer = []byte("}}")
		}
		end := bytes.Index(src[i+2:min(len(src), i+2+maxTemplateAction)], closer)
		if end < 0 {
			continue
		}
		end += i + 2 + len(closer)
		ls := bytes.LastIndexByte(src[:i], '\n') + 1
		le := len(src)
		if k := bytes.IndexByte(src[end:], '\n'); k >= 0 {
			le = end + k
		}
		fill := byte('x')
		if len(bytes.TrimSpace(src[ls:i])) == 0 && len(bytes.TrimSpace(src[end:le])) == 0 {
			fill = ' '
		}
		for k := i; k < end; k++ {
			if out[k] != '\n' {
				out[k] = fill
			}
		}
		i = end - 1
	}
	return out
}
