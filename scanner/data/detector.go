package data

import (
	"bytes"
	"errors"
	"path"
	"regexp"
	"strings"

	"github.com/leasegate/leasegate/scanner"
)

// Kind is a kind of data launch definition. Its string is the language
// recorded on findings.
type Kind string

// Kinds of data files, named as on findings.
const (
	KindPackageJSON Kind = "package.json"
	KindActions     Kind = "github-actions" // workflows and composite action.yml
	KindMakefile    Kind = "makefile"
	KindDockerfile  Kind = "dockerfile"
	KindCompose     Kind = "compose"
	KindJSON        Kind = "json"
	KindYAML        Kind = "yaml"
	KindTOML        Kind = "toml"
	KindSystemd     Kind = "systemd"
	KindProcfile    Kind = "procfile"
	KindCrontab     Kind = "crontab"
	KindJustfile    Kind = "justfile"
	KindJenkinsfile Kind = "jenkinsfile"
	KindSupervisord Kind = "supervisord"
	KindTox         Kind = "tox"
	KindGitConfig   Kind = "gitconfig"
	KindIDEA        Kind = "idea" // JetBrains run configurations and external tools
	KindStarlark    Kind = "starlark"
	KindCMake       Kind = "cmake"
	KindEarthfile   Kind = "earthfile"
	KindVagrant     Kind = "vagrantfile"
	KindINI         Kind = "ini" // any other INI file: configuration configparser reads
)

// Name is the detector's name; findings carry the file's Kind instead.
const Name = "data"

// Detector finds launches in data files that define commands. It is
// stateless.
type Detector struct{}

// New returns the data detector.
func New() Detector { return Detector{} }

// Name implements scanner.Detector.
func (Detector) Name() string { return Name }

// Match claims the data files Classify recognises. A file with a shebang
// belongs to the detector of its interpreter, whatever its name, except
// a Jenkinsfile whose shebang names groovy.
func (Detector) Match(f *scanner.File) bool {
	k, _ := Classify(f.Rel)
	if k == "" {
		k = classifyContent(f.Rel, f.Head)
	}
	if bytes.HasPrefix(f.Head, []byte("#!")) {
		// Except a Jenkinsfile's `#!groovy` (or `#!/usr/bin/env groovy`):
		// no other detector reads Groovy.
		line, _, _ := bytes.Cut(f.Head, []byte("\n"))
		if k == KindJenkinsfile && bytes.Contains(line, []byte("groovy")) {
			return true
		}
		// a script of a kind no other detector parses (fish, ruby, ...)
		return unparsedInterpreters[f.Interpreter()] != ""
	}
	return k != "" || unparsedKind(f.Rel, f.Head) != ""
}

// definitionJSON are JSON files that define launches by their name: a
// file of these that does not parse is RED (unparseable).
var definitionJSON = map[string]bool{
	"package.json": true, ".mcp.json": true, "mcp.json": true, "claude_desktop_config.json": true,
	"tasks.json": true, "devcontainer.json": true, ".devcontainer.json": true,
	"deno.json": true, "deno.jsonc": true, "composer.json": true,
}

// lockFiles hold resolved dependencies, never commands.
var lockFiles = map[string]bool{
	"package-lock.json": true, "npm-shrinkwrap.json": true, "pnpm-lock.yaml": true,
	"composer.lock": true, "deno.lock": true, "bun.lock": true,
}

// Classify returns the kind of a root-relative path, or "" when it is not
// a data file this detector reads, and whether the file is a launch
// definition by its name (then a parse failure is RED).
func Classify(rel string) (Kind, bool) {
	base := path.Base(rel)
	lower := strings.ToLower(base)
	ext := path.Ext(lower)
	dir := "/" + path.Dir(rel) + "/"
	switch {
	case lockFiles[lower]:
		return "", false
	case base == "package.json":
		return KindPackageJSON, true
	case (ext == ".yml" || ext == ".yaml") && (strings.HasSuffix(dir, "/.github/workflows/") ||
		strings.HasSuffix(dir, "/.gitea/workflows/") || strings.HasSuffix(dir, "/.forgejo/workflows/")):
		return KindActions, true
	case lower == "action.yml" || lower == "action.yaml":
		return KindActions, true
	case (ext == ".yml" || ext == ".yaml") && (strings.HasPrefix(lower, "compose") || strings.HasPrefix(lower, "docker-compose")):
		return KindCompose, true
	case lower == "makefile" || base == "GNUmakefile" || ext == ".mk" || ext == ".make":
		return KindMakefile, false
	case lower == "dockerfile" || lower == "containerfile" || strings.HasPrefix(lower, "dockerfile.") ||
		strings.HasPrefix(lower, "containerfile.") || ext == ".dockerfile" || ext == ".containerfile":
		return KindDockerfile, false
	case ext == ".service" || ext == ".socket":
		return KindSystemd, false
	case base == "Procfile" || strings.HasPrefix(base, "Procfile."):
		return KindProcfile, false
	case lower == "justfile" || lower == ".justfile" || ext == ".just":
		return KindJustfile, false
	case lower == "jenkinsfile" || strings.HasPrefix(lower, "jenkinsfile.") || ext == ".jenkinsfile" ||
		ext == ".groovy" && strings.HasSuffix(dir, "/vars/"):
		return KindJenkinsfile, false
	case lower == "supervisord.conf" || lower == "supervisor.conf" || (ext == ".conf" || ext == ".ini") &&
		(strings.Contains(dir, "/supervisor/") || strings.Contains(dir, "/supervisord/") ||
			strings.Contains(dir, "/supervisor.d/") || strings.Contains(dir, "/supervisord.d/")):
		return KindSupervisord, false
	case lower == "tox.ini" || lower == "setup.cfg":
		return KindTox, false
	case lower == ".gitconfig" || lower == "gitconfig" || ext == ".gitconfig" ||
		lower == "config" && strings.HasSuffix(dir, "/.config/git/"):
		return KindGitConfig, false
	case isDotenv(base):
		return KindDotenv, false
	case isTmuxConf(base):
		return KindTmux, false
	case lower == "crontab" || ext == ".cron" || ext == ".crontab" || strings.Contains(dir, "/cron.d/"):
		return KindCrontab, false
	case isStarlark(base):
		return KindStarlark, false
	case lower == "cmakelists.txt" || ext == ".cmake":
		return KindCMake, false
	case base == "Earthfile":
		return KindEarthfile, false
	case base == "Vagrantfile":
		return KindVagrant, false
	case ext == ".tf" || ext == ".hcl" || ext == ".nomad":
		// Terraform provisioners, Nomad tasks (hcl.go)
		return KindHCL, false
	case ext == ".xml" && isIDEARunConfig(rel):
		return KindIDEA, false
	case base == "Pipfile":
		// Pipenv's Pipfile is TOML; its [scripts] are command lines
		return KindTOML, false
	case ext == ".ini":
		// configuration Python's configparser reads at run time (tox,
		// setup.cfg and supervisord's are matched above; a `*.cfg` by its
		// text, classifyContent)
		return KindINI, false
	case lower == ".replit":
		// Replit's configuration is TOML
		return KindTOML, false
	case lower == ".lintstagedrc":
		// lint-staged's configuration, JSON or YAML (YAML reads both)
		return KindYAML, false
	case ext == ".json" || ext == ".jsonc" || ext == ".code-workspace":
		// a VS Code workspace file is JSONC with settings, tasks and
		// launch configurations
		return KindJSON, definitionJSON[base]
	case ext == ".yml" || ext == ".yaml":
		return KindYAML, false
	case ext == ".toml":
		return KindTOML, false
	}
	return "", false
}

// classifyContent returns the kind of a file its name leaves open by its
// text (the head of it when matching): a `*.conf` or `*.ini` file with a
// supervisord program section is a supervisord file wherever it lies.
func classifyContent(rel string, src []byte) Kind {
	ext := strings.ToLower(path.Ext(rel))
	if (ext == ".conf" || ext == ".ini") && (bytes.Contains(src, []byte("[program:")) ||
		bytes.Contains(src, []byte("[eventlistener:")) || bytes.Contains(src, []byte("[fcgi-program:"))) {
		return KindSupervisord
	}
	if ext == ".cfg" && iniHead(src) {
		return KindINI
	}
	return ""
}

// iniHead reports whether src's first line that is neither blank nor a
// comment opens an INI section (`[agent]`): a `*.cfg` file may be
// anything (Python source run by exec, a shell fragment), and only one
// that reads as configparser's is INI.
func iniHead(src []byte) bool {
	for len(src) > 0 {
		line := src
		if i := bytes.IndexByte(src, '\n'); i >= 0 {
			line, src = src[:i], src[i+1:]
		} else {
			src = nil
		}
		line = bytes.TrimSpace(line)
		if len(line) == 0 || line[0] == '#' || line[0] == ';' {
			continue
		}
		return line[0] == '[' && bytes.IndexByte(line, ']') > 0
	}
	return false
}

// Scan implements scanner.Detector. A launch definition by name that does
// not parse returns a *scanner.ParseError; any other data file that does
// not parse is not a launch definition and is left to the raw primitive
// search.
//
// A file whose scan reaches one of the detector's bounds (a Makefile whose
// variables expand past maxMakeOutput, a YAML alias or merge bomb, more
// than maxNodes nodes) has a part that was not scanned: for a launch
// definition that is an unparseable finding at the point where the bound
// was reached, so that a bomb cannot hide a launch placed after it. A
// generic data file is treated as it is when it does not parse.
func (Detector) Scan(p *scanner.Pass) error {
	kind, strict := Classify(p.Path)
	if kind == "" {
		kind = classifyContent(p.Path, p.Src)
	}
	if kind == "" {
		kind = unparsedKind(p.Path, p.Src)
	}
	if kind == "" {
		return nil
	}
	p.Language = string(kind)
	workingDirs(p)
	mounts(p)
	s := newScan(p)
	err := s.run(kind, strict)
	if err == nil {
		judgeLost(p)
	}
	if err == nil && s.limit != nil && (strict || !genericKind[kind]) {
		p.ReportUnparseable(s.pos(s.limit.off), s.limit.msg)
	}
	return err
}

// workingDirRE finds a key naming the folder a definition's commands
// run in: a workflow step's `working-directory`, compose's
// `working_dir`, a devcontainer's or a task's `cwd`, `workdir`.
var workingDirRE = regexp.MustCompile(`(?m)(?:^|[\s{,-])["']?(working-directory|working_dir|workingDir|workdir|cwd)["']?\s*[:=]\s*["']?((?:\$\{[^}\s]*\}|[^"'\s,}#])+)`)

// workingDirs records the folders the file's commands may run in
// (Pass.AddDir keeps those of runtimes' files), whatever command each
// one is given to: a relative runtime's file run there is the runtime
// (`working-directory: .../@anthropic-ai/claude-code`, then `run: node
// cli.js`).
func workingDirs(p *scanner.Pass) {
	if !bytes.Contains(p.Src, []byte("working")) && !bytes.Contains(p.Src, []byte("cwd")) && !bytes.Contains(p.Src, []byte("orkdir")) {
		return
	}
	for _, m := range workingDirRE.FindAllSubmatchIndex(p.Src, 64) {
		// a variable in it (`${workspaceFolder}/node_modules/...`) is
		// kept: AddDir keeps only a folder of a runtime's files
		v := string(p.Src[m[4]:m[5]])
		p.AddDir(scanner.Lit(v), scanner.Pos{Line: 1 + bytes.Count(p.Src[:m[4]], []byte("\n")), Column: 1})
	}
}

// mountRE finds a mapping of a source path to a path in a container
// (`- ./node_modules/@anthropic-ai/claude-code:/opt/t:ro` in a compose
// file's volumes, `-v SRC:DST` in a command, a devcontainer's mounts).
var mountRE = regexp.MustCompile(`([^\s"':,=]+):(/[^\s"':,]*)`)

// mounts records, as copies of a runtime's package folder, the
// destinations of the mappings whose source is such a folder: a file
// run from under the destination is the runtime's (Pass.AddLink, and
// Pass.OfferLink for the repository's other files).
func mounts(p *scanner.Pass) {
	if !bytes.Contains(p.Src, []byte(":/")) || !p.Config.MentionsRuntime(p.Src) {
		return
	}
	for _, m := range mountRE.FindAllSubmatchIndex(p.Src, 256) {
		src, dst := string(p.Src[m[2]:m[3]]), strings.TrimRight(string(p.Src[m[4]:m[5]]), "/")
		if dst == "" || !p.Config.RuntimeFolder(src) {
			continue
		}
		rt := scanner.Arg{Value: src, Known: true, Via: scanner.ClassDynamic}
		p.AddLink(dst+"/", rt)
		p.AddLink(path.Base(dst)+"/", rt)
		p.OfferLink(path.Base(dst), rt, scanner.Pos{Line: 1 + bytes.Count(p.Src[:m[2]], []byte("\n")), Column: 1})
	}
}

// genericKind are the kinds of data files that are not launch definitions
// by their name alone.
var genericKind = map[Kind]bool{KindJSON: true, KindYAML: true, KindTOML: true}

func (s *scan) run(kind Kind, strict bool) error {
	p := s.p
	switch kind {
	case KindMakefile:
		s.makefile()
		return nil
	case KindDockerfile:
		s.dockerfile()
		return nil
	case KindSystemd:
		s.systemd()
		return nil
	case KindProcfile:
		s.procfile()
		return nil
	case KindJustfile:
		s.justfile()
		return nil
	case KindCrontab:
		s.crontab()
		return nil
	case KindJenkinsfile:
		s.jenkinsfile()
		return nil
	case KindSupervisord:
		s.supervisord()
		return nil
	case KindTox:
		s.tox()
		return nil
	case KindGitConfig:
		s.gitconfig()
		return nil
	case KindDotenv:
		s.dotenv()
		return nil
	case KindTmux:
		s.tmuxConf()
		return nil
	case KindIDEA:
		s.ideaRunConfig()
		return nil
	case KindStarlark:
		s.starlark()
		return nil
	case KindCMake:
		s.cmake()
		return nil
	case KindEarthfile:
		// Earthly's targets hold Dockerfile instructions (RUN, CMD,
		// ENTRYPOINT, FROM, ARG, ENV), indented under each target
		s.dockerfile()
		return nil
	case KindVagrant:
		s.vagrantfile()
		return nil
	case KindHCL:
		if s.p.Hits.Has(scanner.HitRuntime) {
			s.hcl()
		}
		return nil
	case KindFish, KindPowerShell, KindBatch, KindRuby, KindGradle, KindKotlin, KindGroovy,
		KindNix, KindLua, KindExpect, KindTcl, KindPerl, KindExecline:
		s.unparsedScript(kind)
		return nil
	case KindINI:
		if worthParsing(p) {
			s.offerKeys(s.iniDoc())
		}
		return nil
	}
	if kind == KindYAML && s.helmTemplate() {
		return nil
	}
	if !strict && !worthParsing(p) && !(kind == KindYAML && readsK8sRefs(p.Src)) {
		// (a container that reads a ConfigMap or Secret of the
		// repository, a Secret whose values are base64: k8senv.go)
		return nil
	}
	var docs []*node
	var err error
	switch kind {
	case KindPackageJSON, KindJSON:
		var d *node
		d, err = parseJSON(p.Src)
		docs = []*node{d}
	case KindTOML:
		var d *node
		d, err = tomlDoc(p.Src, s.hitLimit)
		docs = []*node{d}
	default:
		s.yaml = true
		docs, err = yamlDocs(p.Src, s.ln, s.hitLimit)
		if err != nil && hasTemplate(p.Src) {
			// a template (Helm, Jinja) whose actions break the YAML:
			// read with each action blanked, positions kept
			if d2, err2 := yamlDocs(blankTemplates(p.Src), s.ln, s.hitLimit); err2 == nil {
				docs, err = d2, nil
			}
		}
	}
	if je := (*jsonError)(nil); errors.As(err, &je) && je.empty {
		// nothing but blanks and comments: no key, no script, nothing
		// a tool reading it could run (npm refuses an empty
		// package.json), so nothing is hidden
		return nil
	}
	if err != nil && !strict && namedFormat(p.Path) && p.Config.MentionsRuntime(p.Src) {
		// A file of a launch format named by its path (mise): broken, it
		// may hide a launch, so with a runtime named in it it is RED.
		strict = true
	}
	if err != nil && !strict && kind == KindYAML && hasTemplate(p.Src) && p.Hits.Has(scanner.HitRuntime) {
		// An unknown is never absent: a template (Helm, Jinja) is a
		// file a tool renders and runs; one that names a runtime and
		// does not parse even with its actions blanked may hold a
		// launch no reading sees. (A broken plain data file is not a
		// launch definition by name: json_broken_arbitrary_clean.)
		strict = true
	}
	if err != nil {
		if !strict {
			return nil
		}
		var je *jsonError
		if errors.As(err, &je) {
			return &scanner.ParseError{Pos: s.pos(je.off), Msg: je.msg}
		}
		return &scanner.ParseError{Pos: scanner.Pos{Line: 1, Column: 1}, Msg: err.Error()}
	}
	if kind == KindJSON && len(docs) == 1 && isVSCodeTasks(p.Path) &&
		(bytes.Contains(p.Src, []byte("${config:")) || bytes.Contains(p.Src, []byte("${input:")) ||
			bytes.Contains(p.Src, []byte("${workspace"))) {
		s.vscodeVars(docs[0])
	}
	for _, d := range docs {
		switch kind {
		case KindPackageJSON:
			s.packageJSON(d)
		case KindActions:
			s.actions(d)
		case KindCompose:
			s.compose(d)
		case KindYAML:
			if isLintStaged(p.Path) {
				s.lintStaged(d)
			}
			if isTaskfile(p.Path) {
				s.taskfile(d)
			}
			if isCircleCI(p.Path) {
				s.circleci(d)
			}
			if isTmux(p.Path) || isTmuxDoc(d) {
				s.tmux(d)
			}
			if isAnsible(p.Path) || isAnsibleDoc(d) {
				s.ansible(d)
			}
		case KindJSON:
			if isLintStaged(p.Path) {
				s.lintStaged(d)
			}
			switch path.Base(p.Path) {
			case "deno.json", "deno.jsonc":
				s.scriptTable(d.get("tasks"))
			case "composer.json":
				s.scriptTable(d.get("scripts"))
			}
		case KindTOML:
			switch path.Base(p.Path) {
			case "pyproject.toml":
				s.pyprojectTasks(d)
				if tool := d.get("tool"); tool != nil {
					s.toxTOML(tool.get("tox"))
				}
			case "tox.toml":
				s.toxTOML(d)
			case "Pipfile":
				s.scriptTable(d.get("scripts"))
			}
			if isMise(p.Path) {
				s.mise(d)
			}
			if path.Base(p.Path) == ".replit" {
				s.replit(d)
			}
		}
		s.root = d
		if kind == KindYAML && bytes.Contains(p.Src, []byte("parameters")) {
			s.azureParams(d)
		}
		s.walk(d)
		s.anyKey(d)
		s.offerEnv(d)
		if kind == KindYAML {
			s.offerK8s(d)
		}
		if genericKind[kind] && !strict && !namedFormat(p.Path) {
			// configuration code may read at run time; a launch
			// definition's own commands are judged where they are
			s.offerKeys(d)
		}
	}
	return nil
}

// namedFormat reports a generic data file whose name says it defines
// launches (docs/data.md): a mise file, a tmuxinator or tmuxp session,
// an Ansible playbook or task file, tox.toml. One that does not parse is RED
// when it names a runtime.
func namedFormat(rel string) bool {
	return isMise(rel) || isTmux(rel) || isAnsible(rel) || path.Base(rel) == "tox.toml"
}

// worthParsing reports whether a generic data file can hold a launch or
// the primitive: it names a runtime, the wrapper or a bypass mode.
func worthParsing(p *scanner.Pass) bool { return p.Hits.Seed() }
