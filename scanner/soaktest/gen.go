package soaktest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/leasegate/leasegate/scanner"
)

// primitive is the raw permission-bypass flag, built so that this source
// file does not hold it literally (check-launches runs on this repository).
const primitive = "--dangerously-" + "skip-permissions" // check-launches: inert soak fixture: the flag the soak tree must contain

// bypassSetting is the settings form of the primitive.
const bypassSetting = `"defaultMode": "bypass` + `Permissions"` // check-launches: inert soak fixture: the flag the soak tree must contain

// Scale sizes a soak tree.
type Scale struct {
	Files        int `json:"files"`         // ordinary files (the realistic mix)
	BundleBytes  int `json:"bundle_bytes"`  // the minified bundle's code line
	Parens       int `json:"parens"`        // nesting of the parenthesis files
	HeredocLines int `json:"heredoc_lines"` // lines of the heredoc fed to bash
	Depth        int `json:"depth"`         // folder nesting of the deep file
	JSONBytes    int `json:"json_bytes"`    // the single-line JSON
	Repeats      int `json:"repeats"`       // primitive occurrences on one line
	BinaryBytes  int `json:"binary_bytes"`  // payload of the binaries with shebangs
}

// Full is the soak of issue 9: at least 100,000 files, a 20 MB bundle,
// 100,000 nested parentheses, a 50,000-line heredoc, 200 nested folders.
func Full() Scale {
	return Scale{Files: 100_000, BundleBytes: 20 << 20, Parens: 100_000, HeredocLines: 50_000,
		Depth: 200, JSONBytes: 16 << 20, Repeats: 250_000, BinaryBytes: 1 << 20}
}

// Small is the scaled-down soak the test suite runs: every pathological
// member, with the costly ones smaller (the nesting, heredoc and folder
// depths stay at full size: they stress recursion, not throughput). The
// bundle stays far below the tree-sitter detectors' wall-clock parse
// budget even on a loaded CI machine under -race, so the two runs the
// test compares cannot differ by timing.
func Small() Scale {
	return Scale{Files: 5_000, BundleBytes: 1 << 20, Parens: 100_000, HeredocLines: 50_000,
		Depth: 200, JSONBytes: 2 << 20, Repeats: 50_000, BinaryBytes: 64 << 10}
}

// Expect is one finding an honest scan reports.
type Expect struct {
	Line    int           `json:"line"`
	Class   scanner.Class `json:"class,omitempty"`   // "" with Runtime set: any RED launch class
	Runtime string        `json:"runtime,omitempty"` // "" for the primitive
	Gated   bool          `json:"gated,omitempty"`
	// Optional findings may be missing (a data file a detector may or may
	// not treat as a launch definition) but are not unexpected when there.
	Optional bool `json:"optional,omitempty"`
}

// IsLaunch reports whether the expectation is a launch (which only a
// detector can see) rather than the raw primitive (which the core finds in
// every text file).
func (e Expect) IsLaunch() bool { return e.Runtime != "" }

// Entry is a file (or other directory entry) whose report is checked.
// Ordinary files not listed must be clean and not skipped.
type Entry struct {
	Path string `json:"path"` // as reports name it: root-relative, `/`, invalid UTF-8 as U+FFFD
	// Pathological says what makes the entry pathological; "" for ordinary
	// files that carry a finding.
	Pathological string   `json:"pathological,omitempty"`
	Expect       []Expect `json:"expect,omitempty"`
	// Skip, when set, is a substring of the skip reason the entry must get.
	Skip string `json:"skip,omitempty"`
	// Unreadable entries are skipped as "cannot be read" by an unprivileged
	// scan; a privileged scan (root) reads them and Expect applies.
	Unreadable bool `json:"unreadable,omitempty"`
	// Hidden entries are inside an unreadable folder: absent from an
	// unprivileged scan.
	Hidden bool `json:"hidden,omitempty"`
	// AllowUnparseable accepts an unparseable finding from the detector
	// that claims the file in place of its launch expectations: the input
	// is one a real parser may refuse (nesting limits, invalid encoding,
	// binary payload, size).
	AllowUnparseable bool `json:"allow_unparseable,omitempty"`
	// Regular is true for regular files at most MaxFileSize bytes: the scan
	// counts them in files_scanned when it can read them.
	Regular bool `json:"regular"`
}

// Manifest describes a generated tree.
type Manifest struct {
	Scale Scale `json:"scale"`
	// Regular counts the regular files the scan reads when it can read
	// everything (ordinary and pathological, at most MaxFileSize bytes).
	Regular int `json:"regular"`
	// Entries lists the pathological entries and the ordinary files that
	// carry findings, sorted by path.
	Entries []Entry `json:"entries"`
}

type gen struct {
	root string
	rng  *rand.Rand
	m    *Manifest
	err  error
}

// Generate writes a soak tree of scale s under root (which must exist and
// be empty) and returns its manifest. The same scale always gives the same
// tree. Generate must run as a user that can chmod its own files; the
// unreadable members are left mode 000 (call Restore before removing the
// tree as a non-root user).
func Generate(root string, s Scale) (*Manifest, error) {
	g := &gen{root: root, rng: rand.New(rand.NewPCG(9, 4)), m: &Manifest{Scale: s}}
	g.ordinary(s.Files)
	g.pathological(s)
	if g.err != nil {
		return nil, g.err
	}
	sortEntries(g.m.Entries)
	return g.m, nil
}

// Restore makes the unreadable members readable again so the tree can be
// removed.
func Restore(root string) error {
	for _, d := range []string{"patho/unreadable/locked", "patho/unreadable/secret.sh"} {
		if err := os.Chmod(filepath.Join(root, d), 0o755); err != nil && !os.IsNotExist(err) {
			return err
		}
	}
	return nil
}

func sortEntries(es []Entry) {
	for i := 1; i < len(es); i++ {
		for j := i; j > 0 && es[j].Path < es[j-1].Path; j-- {
			es[j], es[j-1] = es[j-1], es[j]
		}
	}
}

// write creates a regular file and counts it.
func (g *gen) write(rel string, data []byte, mode os.FileMode) {
	if g.err != nil {
		return
	}
	p := filepath.Join(g.root, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		g.err = err
		return
	}
	if err := os.WriteFile(p, data, mode); err != nil {
		g.err = err
		return
	}
	if err := os.Chmod(p, mode); err != nil { // not subject to the umask
		g.err = err
		return
	}
	if int64(len(data)) <= scanner.MaxFileSize {
		g.m.Regular++
	}
}

func (g *gen) entry(e Entry) { g.m.Entries = append(g.m.Entries, e) }

// lines returns the number of lines text occupies (the line a following
// line would have, minus one).
func lines(text string) int { return strings.Count(text, "\n") }

// kinds of ordinary files, with weights out of 100.
var kinds = []struct {
	name   string
	weight int
}{
	{"sh", 14}, {"js", 10}, {"ts", 10}, {"py", 14}, {"go", 14},
	{"json", 8}, {"yaml", 8}, {"md", 12}, {"bin", 5}, {"txt", 5},
}

func (g *gen) pick() string {
	n := g.rng.IntN(100)
	for _, k := range kinds {
		if n < k.weight {
			return k.name
		}
		n -= k.weight
	}
	return "txt"
}

// ordinary writes n files of the realistic mix, 40 to a folder, some with a
// RED launch, a gated launch or the primitive.
func (g *gen) ordinary(n int) {
	pkgJSON := map[int]bool{}
	for i := 0; i < n && g.err == nil; i++ {
		dir := i / 40
		folder := fmt.Sprintf("mod%03d/pkg%02d", dir/25, dir%25)
		kind := g.pick()
		roll := g.rng.IntN(1000)
		launch := "" // "red", "gated" or ""
		switch {
		case roll < 40:
			launch = "red"
		case roll < 70:
			launch = "gated"
		}
		prim := g.rng.IntN(1000) < 15
		runtime := "claude"
		if g.rng.IntN(4) == 0 {
			runtime = "pi"
		}
		var body, name string
		var exp []Expect
		mode := os.FileMode(0o644)
		add := func(line string, e Expect) {
			e.Line = lines(body) + 1
			body += line + "\n"
			exp = append(exp, e)
		}
		redLaunch := Expect{Runtime: runtime, Class: scanner.ClassProcessAPI}
		gated := Expect{Runtime: runtime, Gated: true, Class: scanner.ClassGated}
		prims := Expect{Class: scanner.ClassDangerousPrimitive}
		switch kind {
		case "sh":
			name = fmt.Sprintf("job%d.sh", i)
			if g.rng.IntN(2) == 0 {
				mode = 0o755
			}
			body = fmt.Sprintf("#!/bin/bash\n# job %d: rebuilds the cache (the claude docs explain why)\nset -euo pipefail\nname=\"job-%d\"\nclaude_version=%d\nfor i in 1 2 3; do\n\techo \"step $i of $name\"\ndone\nif [ -n \"${DEBUG:-}\" ]; then\n\techo \"run claude via launch-runtime\"\nfi\n", i, i, i)
			redLaunch.Class = scanner.ClassDirectLiteral
			if launch == "red" {
				add(fmt.Sprintf("%s -p \"summarise $name\"", runtime), redLaunch)
			} else if launch == "gated" {
				add(fmt.Sprintf("launch-runtime --runtime %s -- -p \"summarise $name\"", runtime), gated)
			}
			if prim {
				add("echo \"never pass "+primitive+"\"", prims) // check-launches: inert soak fixture: the flag the soak tree must contain
			}
		case "js":
			name = fmt.Sprintf("util%d.js", i)
			body = fmt.Sprintf("\"use strict\";\nconst path = require(\"path\");\nconst childProcess = require(\"child_process\");\n\nfunction join%d(a, b) {\n\treturn path.join(a, b, \"%d\");\n}\n\n// claude is only named in this comment\nmodule.exports = { join%d, childProcess };\n", i, i, i)
			if launch == "red" {
				add(fmt.Sprintf("childProcess.spawn(%q, [\"-p\", \"hello\"]);", runtime), redLaunch)
			} else if launch == "gated" {
				add(fmt.Sprintf("childProcess.spawn(\"launch-runtime\", [\"--runtime\", %q, \"--\", \"-p\"]);", runtime), gated)
			}
			if prim {
				add("const note = \"do not use "+primitive+"\";", prims) // check-launches: inert soak fixture: the flag the soak tree must contain
			}
		case "ts":
			name = fmt.Sprintf("item%d.ts", i)
			body = fmt.Sprintf("import { spawn } from \"node:child_process\";\n\nexport interface Item%d {\n\tid: number;\n\tname: string;\n}\n\nexport function total%d(items: Item%d[]): number {\n\treturn items.reduce((s, it) => s + it.id, 0);\n}\n", i, i, i)
			if launch == "red" {
				add(fmt.Sprintf("spawn(%q, [\"-p\"]);", runtime), redLaunch)
			} else if launch == "gated" {
				add(fmt.Sprintf("spawn(\"launch-runtime\", [\"--runtime\", %q, \"--\", \"-p\"]);", runtime), gated)
			}
			if prim {
				add("export const note = \""+primitive+"\";", prims) // check-launches: inert soak fixture: the flag the soak tree must contain
			}
		case "py":
			name = fmt.Sprintf("geo%d.py", i)
			body = fmt.Sprintf("\"\"\"Module %d: geometry helpers (not related to claude).\"\"\"\nimport math\nimport subprocess\n\n\ndef area_%d(r):\n    return math.pi * r * r\n\n\nclaude_version = %d\n", i, i, i)
			if launch == "red" {
				add(fmt.Sprintf("subprocess.run([%q, \"-p\"], check=False)", runtime), redLaunch)
			} else if launch == "gated" {
				add(fmt.Sprintf("subprocess.run([\"launch-runtime\", \"--runtime\", %q, \"--\", \"-p\"], check=False)", runtime), gated)
			}
			if prim {
				add("NOTE = \"never "+primitive+"\"", prims) // check-launches: inert soak fixture: the flag the soak tree must contain
			}
		case "go":
			name = fmt.Sprintf("x%d.go", i)
			body = fmt.Sprintf("package p%04d\n\nimport (\n\t\"fmt\"\n\t\"os/exec\"\n)\n\nvar _ = exec.ErrNotFound\n\n// Describe%d names the runtime in a string only; it starts nothing.\nfunc Describe%d() string {\n\treturn fmt.Sprintf(\"claude %%d\", %d)\n}\n", dir, i, i, i)
			if launch == "red" {
				add(fmt.Sprintf("func Run%d() error { return exec.Command(%q, \"-p\").Run() }", i, runtime), redLaunch)
			} else if launch == "gated" {
				add(fmt.Sprintf("func Run%d() error { return exec.Command(\"launch-runtime\", \"--runtime\", %q, \"--\", \"-p\").Run() }", i, runtime), gated)
			}
			if prim {
				add(fmt.Sprintf("const note%d = %q", i, primitive), prims) // check-launches: inert — a soak fixture holding the primitive
			}
		case "json":
			if !pkgJSON[dir] {
				pkgJSON[dir] = true
				name = "package.json"
				body = fmt.Sprintf("{\n  \"name\": \"pkg-%d\",\n  \"version\": \"1.0.%d\",\n  \"private\": true,\n  \"scripts\": {\n", i, i)
				redLaunch.Class = "" // the data detector chooses
				if launch == "red" {
					add(fmt.Sprintf("    \"review\": \"%s -p review\",", runtime), redLaunch)
				} else if launch == "gated" {
					add(fmt.Sprintf("    \"review\": \"launch-runtime --runtime %s -- -p review\",", runtime), gated)
				}
				body += "    \"build\": \"tsc -p .\",\n    \"test\": \"node --test\"\n  }\n}\n"
			} else {
				name = fmt.Sprintf("data%d.json", i)
				body = fmt.Sprintf("{\"id\": %d, \"tags\": [\"a\", \"b\"], \"enabled\": true}\n", i)
				if prim {
					body = fmt.Sprintf("[{\"id\": %d},\n", i)
					add("{\"permissions\": {"+bypassSetting+"}}]", prims) // check-launches: inert soak fixture: the flag the soak tree must contain
				}
			}
		case "yaml":
			name = fmt.Sprintf("config%d.yaml", i)
			body = fmt.Sprintf("name: svc-%d\nreplicas: %d\nenv:\n  - LOG_LEVEL=info\n  - NOTE=claude is mentioned only as data\n", i, i%5)
			if prim {
				add("flags: \""+primitive+"\"", prims) // check-launches: inert soak fixture: the flag the soak tree must contain
			}
		case "md":
			name = fmt.Sprintf("README%d.md", i)
			body = fmt.Sprintf("# Module %d\n\nThis module is started through launch-runtime; see the claude docs.\n\n- item one\n- item two\n", i)
			if prim {
				add("Never pass `"+primitive+"` to the agent.", prims) // check-launches: inert soak fixture: the flag the soak tree must contain
			}
		case "bin":
			name = fmt.Sprintf("blob%d.png", i)
			b := make([]byte, 256+g.rng.IntN(3840))
			for j := range b {
				b[j] = byte(g.rng.UintN(256))
			}
			copy(b, "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
			g.write(folder+"/"+name, b, 0o644)
			continue
		default:
			name = fmt.Sprintf("notes%d.txt", i)
			body = fmt.Sprintf("notes for %d\nnothing to launch here; pi is 3.14159\n", i)
			if prim {
				add("someone wrote "+primitive+" here", prims) // check-launches: inert soak fixture: the flag the soak tree must contain
			}
		}
		rel := folder + "/" + name
		g.write(rel, []byte(body), mode)
		if len(exp) > 0 {
			g.entry(Entry{Path: rel, Expect: exp, Regular: true})
		}
	}
}

// pathological writes the pathological members under patho/ (and one
// workflow at the root, where workflows live).
func (g *gen) pathological(s Scale) {
	prim := Expect{Class: scanner.ClassDangerousPrimitive}
	at := func(e Expect, line int) Expect { e.Line = line; return e }
	launch := func(line int, cls scanner.Class) Expect {
		return Expect{Line: line, Runtime: "claude", Class: cls}
	}

	// A minified bundle: a license line, then one line of code that ends in
	// a launch holding the primitive.
	{
		var b bytes.Buffer
		b.WriteString("/*! bundle v1 | MIT */\n")
		for i := 0; b.Len() < s.BundleBytes; i++ {
			fmt.Fprintf(&b, "var a%d=function(b,c){return b*%d+c.length},s%d=\"k%d\",o%d={x:%d,y:[1,2,3]};", i, i%97, i, i, i, i)
		}
		b.WriteString("require(\"child_process\").spawn(\"claude\",[\"-p\",\"" + primitive + "\"]);\n") // check-launches: inert soak fixture: the flag the soak tree must contain
		g.write("patho/bundle/app.min.js", b.Bytes(), 0o644)
		g.entry(Entry{Path: "patho/bundle/app.min.js", Pathological: fmt.Sprintf("minified bundle, %d bytes on one line", b.Len()),
			Expect: []Expect{at(prim, 2), launch(2, scanner.ClassProcessAPI)}, AllowUnparseable: true, Regular: true})
	}

	// 100,000 nested parentheses in four languages, followed by the
	// primitive in a comment and a launch.
	{
		open, closeP := strings.Repeat("(", s.Parens), strings.Repeat(")", s.Parens)
		what := fmt.Sprintf("%d nested parentheses", s.Parens)
		js := "var x = " + open + "1" + closeP + ";\n// " + primitive + "\nrequire(\"child_process\").spawn(\"claude\", [\"-p\"]);\n"
		g.write("patho/parens/deep.js", []byte(js), 0o644)
		g.entry(Entry{Path: "patho/parens/deep.js", Pathological: what, Expect: []Expect{at(prim, 2), launch(3, scanner.ClassProcessAPI)}, AllowUnparseable: true, Regular: true})
		py := "import subprocess\nx = " + open + "1" + closeP + "\n# " + primitive + "\nsubprocess.run([\"claude\", \"-p\"])\n"
		g.write("patho/parens/deep.py", []byte(py), 0o644)
		g.entry(Entry{Path: "patho/parens/deep.py", Pathological: what, Expect: []Expect{at(prim, 3), launch(4, scanner.ClassProcessAPI)}, AllowUnparseable: true, Regular: true})
		sh := "#!/bin/sh\n" + strings.Repeat("( ", s.Parens) + "true" + strings.Repeat(" )", s.Parens) + "\n# " + primitive + "\nclaude -p\n"
		g.write("patho/parens/deep.sh", []byte(sh), 0o755)
		g.entry(Entry{Path: "patho/parens/deep.sh", Pathological: what + " (subshells)", Expect: []Expect{at(prim, 3), launch(4, scanner.ClassDirectLiteral)}, AllowUnparseable: true, Regular: true})
		gosrc := "package deep\n\nimport \"os/exec\"\n\nvar x = " + open + "1" + closeP + "\n\n// " + primitive + "\nfunc run() error { return exec.Command(\"claude\", \"-p\").Run() }\n"
		g.write("patho/parens/deep.go", []byte(gosrc), 0o644)
		g.entry(Entry{Path: "patho/parens/deep.go", Pathological: what, Expect: []Expect{at(prim, 7), launch(8, scanner.ClassProcessAPI)}, AllowUnparseable: true, Regular: true})
	}

	// A 50,000-line heredoc fed to bash whose last line launches.
	{
		var b strings.Builder
		b.WriteString("#!/bin/bash\nbash <<'EOF'\n")
		for i := 0; i < s.HeredocLines-1; i++ {
			fmt.Fprintf(&b, "echo \"line %d\"\n", i)
		}
		b.WriteString("claude -p " + primitive + "\nEOF\n") // check-launches: inert soak fixture: the flag the soak tree must contain
		line := s.HeredocLines + 2
		g.write("patho/heredoc/big.sh", []byte(b.String()), 0o755) // check-launches: inert soak fixture: the script written here holds the flag on purpose
		g.entry(Entry{Path: "patho/heredoc/big.sh", Pathological: fmt.Sprintf("%d-line heredoc fed to bash", s.HeredocLines),
			Expect: []Expect{at(prim, line), launch(line, scanner.ClassEval)}, Regular: true})
	}

	// Binaries with shebangs: a shell script with a binary payload (a
	// self-extracting archive) and a Python one; a shell runs the text part,
	// so the primitive in it must be found. A binary without a shebang is
	// data: legitimately clean even with the flag inside.
	{
		payload := make([]byte, s.BinaryBytes)
		for j := range payload {
			payload[j] = byte(g.rng.UintN(256))
		}
		payload[0] = 0
		sh := append([]byte("#!/bin/sh\necho extracting\nclaude -p "+primitive+"\nexit 0\n"), payload...) // check-launches: inert soak fixture: the flag the soak tree must contain
		g.write("patho/binary/selfextract.sh", sh, 0o755)
		g.entry(Entry{Path: "patho/binary/selfextract.sh", Pathological: "shell shebang, binary payload",
			Expect: []Expect{at(prim, 3), launch(3, scanner.ClassDirectLiteral)}, AllowUnparseable: true, Regular: true})
		py := append([]byte("#!/usr/bin/env python3\nimport subprocess\n# "+primitive+"\nsubprocess.run([\"claude\"])\n"), payload...) // check-launches: inert soak fixture: the flag the soak tree must contain
		g.write("patho/binary/tool", py, 0o755)
		g.entry(Entry{Path: "patho/binary/tool", Pathological: "python shebang, binary payload, no extension",
			Expect: []Expect{at(prim, 3), launch(4, scanner.ClassProcessAPI)}, AllowUnparseable: true, Regular: true})
		blob := append(append([]byte{0x7f, 'E', 'L', 'F', 2, 1, 1, 0}, payload...), []byte("claude "+primitive)...) // check-launches: inert soak fixture: the flag the soak tree must contain
		g.write("patho/binary/blob.bin", blob, 0o755)
		g.entry(Entry{Path: "patho/binary/blob.bin", Pathological: "binary without shebang (data, clean)", Regular: true})
	}

	// Symbolic link loops, a dangling link and a link to a folder above.
	{
		dir := filepath.Join(g.root, "patho", "links")
		g.mkdir(dir)
		for _, l := range [][2]string{{"loop-a", "loop-b"}, {"loop-b", "loop-a"}, {"self", "self"}, {"up", ".."}, {"dangling", "nowhere"}} {
			if g.err == nil {
				g.err = os.Symlink(l[1], filepath.Join(dir, l[0]))
			}
			g.entry(Entry{Path: "patho/links/" + l[0], Pathological: "symbolic link → " + l[1], Skip: "symbolic link"})
		}
	}

	// Unreadable members: a file and a folder mode 000, a FIFO, and a
	// folder named like a file.
	{
		body := "#!/bin/sh\n# " + primitive + "\nclaude -p\n" // check-launches: inert soak fixture: the flag the soak tree must contain
		exp := []Expect{at(prim, 2), launch(3, scanner.ClassDirectLiteral)}
		g.write("patho/unreadable/secret.sh", []byte(body), 0o755)
		g.write("patho/unreadable/locked/inner.sh", []byte(body), 0o755)
		g.entry(Entry{Path: "patho/unreadable/secret.sh", Pathological: "file mode 000", Expect: exp, Unreadable: true, Regular: true})
		g.entry(Entry{Path: "patho/unreadable/locked", Pathological: "folder mode 000", Unreadable: true})
		g.entry(Entry{Path: "patho/unreadable/locked/inner.sh", Pathological: "file inside a folder mode 000", Expect: exp, Hidden: true, Regular: true})
		if g.err == nil {
			g.err = syscall.Mkfifo(filepath.Join(g.root, "patho", "unreadable", "fifo.sh"), 0o644)
		}
		g.entry(Entry{Path: "patho/unreadable/fifo.sh", Pathological: "FIFO named like a script (opening it would block)", Skip: "not a regular file"})
		g.write("patho/unreadable/folder.sh/inner.py", []byte("import subprocess\nsubprocess.run([\"claude\"])\n"), 0o644)
		g.entry(Entry{Path: "patho/unreadable/folder.sh/inner.py", Pathological: "file inside a folder named like a script",
			Expect: []Expect{launch(2, scanner.ClassProcessAPI)}, Regular: true})
		for _, p := range []string{"patho/unreadable/secret.sh", "patho/unreadable/locked"} {
			if g.err == nil {
				g.err = os.Chmod(filepath.Join(g.root, filepath.FromSlash(p)), 0)
			}
		}
	}

	// Files over and exactly at the size cap (sparse: cheap to write).
	{
		over := "patho/big/huge.sh"
		g.sparse(over, []byte("#!/bin/sh\nclaude -p "+primitive+"\n"), scanner.MaxFileSize+1<<20, nil) // check-launches: inert soak fixture: the flag the soak tree must contain
		// skipped, and RED where its bytes name a runtime: a launch
		// there is not checked (the bound reported)
		g.entry(Entry{Path: over, Pathological: "file over the size cap", Skip: "larger than 32 MiB",
			Expect: []Expect{{Line: 2, Class: scanner.ClassUnparseable}}})
		head := strings.Repeat("padding text line\n", 1000)
		g.sparse("patho/big/at-cap.txt", []byte(head), scanner.MaxFileSize, []byte("\nnote "+primitive+"\n")) // check-launches: inert soak fixture: the flag the soak tree must contain
		g.m.Regular++
		g.entry(Entry{Path: "patho/big/at-cap.txt", Pathological: "file exactly at the size cap, primitive at its end",
			Expect: []Expect{at(prim, lines(head)+2)}, Regular: true})
	}

	// 200 nested folders.
	{
		var parts []string
		for i := 1; i <= s.Depth; i++ {
			parts = append(parts, fmt.Sprintf("d%03d", i))
		}
		rel := "patho/deep/" + strings.Join(parts, "/") + "/launch.sh"
		g.write(rel, []byte("#!/bin/sh\n# "+primitive+"\nclaude -p\n"), 0o755) // check-launches: inert soak fixture: the flag the soak tree must contain
		g.entry(Entry{Path: rel, Pathological: fmt.Sprintf("%d nested folders", s.Depth),
			Expect: []Expect{at(prim, 2), launch(3, scanner.ClassDirectLiteral)}, Regular: true})
	}

	// Invalid UTF-8 in contents (every language) and in a file name.
	{
		bad := "\xff\xfe\xc3\x28\xe2\x82"
		for _, c := range []struct{ name, body string }{
			{"bad.sh", "#!/bin/sh\n# " + bad + "\necho \"" + bad + "\"\n# " + primitive + "\nclaude -p\n"},
			{"bad.js", "// " + bad + "\nconst s = \"" + bad + "\";\n// " + primitive + "\nrequire(\"child_process\").spawn(\"claude\");\n"},
			{"bad.py", "# " + bad + "\ns = \"" + bad + "\"\n# " + primitive + "\nimport subprocess; subprocess.run([\"claude\"])\n"},
			{"bad.go", "package bad\n\n// " + bad + "\nimport \"os/exec\"\n\nvar s = \"" + bad + "\"\n\n// " + primitive + "\nfunc run() error { return exec.Command(\"claude\").Run() }\n"},
		} {
			primLine := strings.Count(c.body[:strings.Index(c.body, primitive)], "\n") + 1
			cls := scanner.ClassProcessAPI
			if strings.HasSuffix(c.name, ".sh") {
				cls = scanner.ClassDirectLiteral
			}
			rel := "patho/utf8/" + c.name
			g.write(rel, []byte(c.body), 0o644)
			g.entry(Entry{Path: rel, Pathological: "invalid UTF-8 in comments and strings",
				Expect: []Expect{at(prim, primLine), launch(primLine+1, cls)}, AllowUnparseable: true, Regular: true})
		}
		name := "patho/utf8/name-\xff\xfe.txt"
		g.write(name, []byte("the flag "+primitive+"\n"), 0o644) // check-launches: inert soak fixture: the flag the soak tree must contain
		g.entry(Entry{Path: asJSON(name), Pathological: "invalid UTF-8 in the file name (JSON shows U+FFFD)",
			Expect: []Expect{at(prim, 1)}, Regular: true})
	}

	// A huge single-line JSON with an MCP-style command and the settings
	// form of the primitive.
	{
		var b bytes.Buffer
		b.WriteString(`{"items":[`)
		for i := 0; b.Len() < s.JSONBytes; i++ {
			if i > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, `{"id":%d,"name":"item-%d","tags":["a","b"],"nested":{"k":[%d,{"v":null}]}}`, i, i, i)
		}
		b.WriteString(`],"mcpServers":{"agent":{"command":"claude","args":["-p"]}},"permissions":{` + bypassSetting + `}}` + "\n") // check-launches: inert soak fixture: the flag the soak tree must contain
		g.write("patho/json/huge.json", b.Bytes(), 0o644)
		opt := launch(1, "")
		opt.Optional = true
		g.entry(Entry{Path: "patho/json/huge.json", Pathological: fmt.Sprintf("single-line JSON, %d bytes", b.Len()),
			Expect: []Expect{at(prim, 1), opt}, AllowUnparseable: true, Regular: true})
	}

	// CRLF line ends.
	{
		g.write("patho/crlf/run.sh", []byte("#!/bin/sh\r\necho hi\r\nclaude -p\r\n# "+primitive+"\r\n"), 0o755) // check-launches: inert soak fixture: the flag the soak tree must contain
		g.entry(Entry{Path: "patho/crlf/run.sh", Pathological: "CRLF line ends",
			Expect: []Expect{launch(3, scanner.ClassDirectLiteral), at(prim, 4)}, Regular: true})
		g.write("patho/crlf/run.py", []byte("import subprocess\r\n\r\nsubprocess.run([\"claude\", \"-p\"])\r\nFLAG = \""+primitive+"\"\r\n"), 0o644) // check-launches: inert soak fixture: the flag the soak tree must contain
		g.entry(Entry{Path: "patho/crlf/run.py", Pathological: "CRLF line ends",
			Expect: []Expect{launch(3, scanner.ClassProcessAPI), at(prim, 4)}, Regular: true})
		wf := ".github/workflows/crlf.yml"
		g.write(wf, []byte("on: push\r\njobs:\r\n  review:\r\n    runs-on: ubuntu-latest\r\n    steps:\r\n      - run: claude -p\r\n"), 0o644)
		g.entry(Entry{Path: wf, Pathological: "CRLF workflow", Expect: []Expect{launch(6, "")}, Regular: true})
	}

	// The primitive repeated on one line: one finding, found in linear time.
	{
		line := strings.Repeat("x "+primitive+" ", s.Repeats) // check-launches: inert soak fixture: the flag the soak tree must contain
		g.write("patho/many/flags.txt", []byte("log\n"+line+"\n"), 0o644)
		g.entry(Entry{Path: "patho/many/flags.txt", Pathological: fmt.Sprintf("primitive %d times on one line", s.Repeats),
			Expect: []Expect{at(prim, 2)}, Regular: true})
	}

	// An empty file and a file holding only a shebang: clean.
	g.write("patho/empty/empty.sh", nil, 0o755)
	g.entry(Entry{Path: "patho/empty/empty.sh", Pathological: "empty file (clean)", Regular: true})
	g.write("patho/empty/shebang-only", []byte("#!/bin/bash"), 0o755)
	g.entry(Entry{Path: "patho/empty/shebang-only", Pathological: "shebang only, no newline (clean)", Regular: true})
}

func (g *gen) mkdir(dir string) {
	if g.err == nil {
		g.err = os.MkdirAll(dir, 0o755)
	}
}

// sparse writes head, then a hole, then tail so the file is size bytes. It
// does not count the file.
func (g *gen) sparse(rel string, head []byte, size int64, tail []byte) {
	if g.err != nil {
		return
	}
	p := filepath.Join(g.root, filepath.FromSlash(rel))
	g.mkdir(filepath.Dir(p))
	if g.err != nil {
		return
	}
	f, err := os.Create(p)
	if err != nil {
		g.err = err
		return
	}
	defer f.Close()
	if _, err := f.Write(head); err != nil {
		g.err = err
		return
	}
	if err := f.Truncate(size); err != nil {
		g.err = err
		return
	}
	if len(tail) > 0 {
		if _, err := f.WriteAt(tail, size-int64(len(tail))); err != nil {
			g.err = err
		}
	}
}

// asJSON is s as it reads back from a JSON report: encoding/json writes
// each invalid UTF-8 byte as U+FFFD.
func asJSON(s string) string {
	b, err := json.Marshal(s)
	if err != nil {
		return s
	}
	var out string
	if json.Unmarshal(b, &out) != nil {
		return s
	}
	return out
}
