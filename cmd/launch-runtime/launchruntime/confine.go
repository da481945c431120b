package launchruntime

// Kernel-enforced confinement of the runtime's process tree (Landlock).
//
// launch-runtime confines itself right before it execs the runtime, after
// registering, so the runtime and every descendant stay in one Landlock
// domain that none of them can leave or loosen:
//
//   - write-class file rights are handled, and granted only beneath the
//     working tree, the session's private folder (its TMPDIR and its copy
//     of the runtime's config), temp folders that hold none of the gate's
//     files, tool caches and what --writable adds: the socket folder, the
//     generated settings, the binaries and the audit log are read-only;
//   - signals and abstract Unix sockets are scoped (ABI >= 6): nothing in
//     the domain can signal or ptrace the broker, and the broker's operator
//     socket, which serves begin_verification and promote, is out of reach.

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/landlock-lsm/go-landlock/landlock"
	llsys "github.com/landlock-lsm/go-landlock/landlock/syscall"
	"github.com/leasegate/leasegate/lease/wire"
)

// Confinement modes of --confine.
const (
	ConfineAuto    = "auto"    // confine as far as the kernel allows; say once what is missing
	ConfineRequire = "require" // refuse to launch unless every protection is in effect
	ConfineOff     = "off"     // debugging: no confinement (recorded in the audit log)
)

// Landlock ABI levels the protections need.
const (
	abiFS       = 1 // write rights on files and folders
	abiRefer    = 2 // linking and renaming across folders
	abiTruncate = 3 // truncate(2)
	abiScoped   = 6 // scoped signals and abstract Unix sockets
)

// writeRights are the write-class rights handled (denied unless granted).
// Read and execute rights are not handled: the domain reads everything
// the user can.
const writeRights = llsys.AccessFSWriteFile | llsys.AccessFSRemoveDir | llsys.AccessFSRemoveFile |
	llsys.AccessFSMakeChar | llsys.AccessFSMakeDir | llsys.AccessFSMakeReg | llsys.AccessFSMakeSock |
	llsys.AccessFSMakeFifo | llsys.AccessFSMakeBlock | llsys.AccessFSMakeSym | llsys.AccessFSRefer |
	llsys.AccessFSTruncate

// maxWalkUp bounds the walk from the working folder up to its .git.
const maxWalkUp = 256

// Confinement is what launch-runtime applies before it execs the runtime.
type Confinement struct {
	Mode     string
	ABI      int      // the kernel's Landlock ABI (0: none)
	Writable []string // folders granted write rights
	Files    []string // single files granted write rights (/dev/null, ...)
	// Dir is the session's private folder (TMPDIR, config copy); empty
	// when not confined.
	Dir string
	// Env is added to the runtime's environment.
	Env []string
	// Missing names the protections the kernel cannot give.
	Missing []string
}

// Describe is the register argument wire.ArgConfinement.
func (c *Confinement) Describe() string {
	switch {
	case c.Mode == ConfineOff:
		return "off"
	case c.ABI < abiFS:
		return "none"
	}
	p := []string{wire.ConfineFS}
	if c.ABI >= abiScoped {
		p = append(p, wire.ConfineSignal, wire.ConfineAbstract)
	}
	return "landlock-abi" + strconv.Itoa(c.ABI) + ":" + strings.Join(p, ",")
}

// landlockABI is the kernel's Landlock ABI version, 0 without Landlock.
func landlockABI() int {
	v, err := llsys.LandlockGetABIVersion()
	if err != nil || v < 0 {
		return 0
	}
	return v
}

// active reports whether there is a domain to enter.
func (c *Confinement) active() bool { return c.Mode != ConfineOff && c.ABI >= abiFS }

// Apply enters the Landlock domain. It applies to every thread of the
// process and is inherited across exec and fork; it cannot be undone.
func (c *Confinement) Apply() error {
	if !c.active() {
		return nil
	}
	cfg := landlock.Config{HandledAccessFS: writeRights,
		Scoped: llsys.ScopeAbstractUnixSocket | llsys.ScopeSignal}.BestEffort()
	rules := []landlock.Rule{landlock.RWDirs(c.Writable...).WithRefer(), landlock.RWFiles(c.Files...).IgnoreIfMissing()}
	if err := cfg.Restrict(rules...); err != nil {
		return fmt.Errorf("landlock: %w", err)
	}
	return nil
}

// missingProtections names what an ABI level lacks, with the residual of
// the threat model that stays open.
func missingProtections(abi int) []string {
	var m []string
	switch {
	case abi < abiFS:
		return []string{"Landlock itself (kernel 5.13+): the gate's files stay writable by a program the policy cannot read (T-B, T-C1), and scoped signals and sockets (ABI 6) are absent too: a verified agent can kill or replace the broker (T-C3) and verify itself from outside its tree (T-C4)"}
	case abi < abiRefer:
		m = append(m, "cross-folder rename and link (ABI 2): refused outright inside the domain")
	}
	if abi < abiTruncate {
		m = append(m, "truncate control (ABI 3): a program can truncate the gate's files and the audit log (T-C1, T-C11)")
	}
	if abi < abiScoped {
		m = append(m, "scoped signals and abstract sockets (ABI 6): a verified agent can signal, ptrace or replace the broker (T-C3) and verify itself from outside its tree (T-C4)")
	}
	return m
}

// protectedPaths are the gate's own files: nothing in the domain may write
// them, so no writable root may hold them.
type protectedPath struct{ path, what string }

// planConfinement decides what the domain may write. A gate file beneath
// the working tree or a --writable path refuses the launch; a temp folder
// or cache that holds one is left out, and that is said once.
func (l *launch) planConfinement(ctx context.Context, o Options, socket string, protected []protectedPath) (*Confinement, error) {
	abi := landlockABI
	if l.deps.LandlockABI != nil {
		abi = l.deps.LandlockABI
	}
	c := &Confinement{Mode: o.Confine, ABI: abi()}
	if c.Mode == "" {
		c.Mode = ConfineAuto
	}
	if c.Mode == ConfineOff {
		return c, nil
	}
	if l.deps.Confine == nil {
		if c.Mode == ConfineRequire {
			return nil, refuse("--confine=require", "this launch cannot confine the runtime")
		}
		c.Mode, c.ABI = ConfineOff, 0
		return c, nil
	}
	c.Missing = missingProtections(c.ABI)
	if len(c.Missing) > 0 {
		if c.Mode == ConfineRequire {
			return nil, refuse("--confine=require", fmt.Sprintf("the kernel's Landlock ABI is %d; missing: %s", c.ABI, strings.Join(c.Missing, "; ")))
		}
		fmt.Fprintf(l.deps.Stderr, "launch-runtime: confinement is partial (Landlock ABI %d); missing: %s\n", c.ABI, strings.Join(c.Missing, "; "))
		if c.ABI < abiFS {
			return c, nil
		}
	}
	audit, policy := brokerFiles(ctx, socket)
	protected = append(protected, protectedPath{audit, "the audit log"},
		protectedPath{filepath.Dir(socket), "the broker's socket folder"})
	if policy != "" {
		protected = append(protected, protectedPath{policy, "the broker's policy"})
	}
	for i := range protected {
		protected[i].path = resolved(protected[i].path)
	}
	holds := func(root string) *protectedPath {
		for i, p := range protected {
			if within(p.path, root) {
				return &protected[i]
			}
		}
		return nil
	}
	wd, err := os.Getwd()
	if err != nil {
		return nil, fmt.Errorf("working folder: %w", err)
	}
	tree := workTree(wd)
	required := append([]string{tree}, o.Writable...)
	for i, w := range required {
		abs, err := filepath.Abs(w)
		if err != nil {
			return nil, fmt.Errorf("%w: --writable %s: %v", ErrUsage, w, err)
		}
		if st, err := os.Stat(abs); err != nil || !st.IsDir() {
			return nil, refuse("--writable "+w, "is not an existing folder")
		}
		r := resolved(abs)
		if p := holds(r); p != nil {
			what := "--writable " + w
			if i == 0 {
				what = "the working tree " + r
			}
			return nil, refuse(what, fmt.Sprintf("holds %s (%s), which must stay read-only to the agent; start elsewhere or give --confine=off", p.what, p.path))
		}
		c.Writable = append(c.Writable, r)
	}
	dir, err := privateSessionDir(socket)
	if err != nil {
		return nil, err
	}
	c.Dir = dir
	tmp := filepath.Join(dir, "tmp")
	if err := os.MkdirAll(tmp, 0o700); err != nil {
		return nil, fmt.Errorf("session folder: %w", err)
	}
	c.Writable = append(c.Writable, dir)
	c.Env = append(c.Env, "TMPDIR="+tmp)
	home, _ := os.UserHomeDir()
	for _, env := range l.deps.Environ() {
		if v, ok := strings.CutPrefix(env, "HOME="); ok {
			home = v
		}
	}
	optional := []string{os.TempDir(), "/tmp", "/var/tmp", "/dev/shm"}
	if home != "" {
		optional = append(optional, filepath.Join(home, ".cache"), filepath.Join(home, ".npm"),
			filepath.Join(home, "go", "pkg", "mod"))
	}
	seen := map[string]bool{}
	var left []string
	for _, t := range optional {
		r := resolved(t)
		if seen[r] {
			continue
		}
		seen[r] = true
		if _, err := os.Stat(r); err != nil {
			continue
		}
		if p := holds(r); p != nil {
			left = append(left, fmt.Sprintf("%s (it holds %s)", r, p.what))
			continue
		}
		c.Writable = append(c.Writable, r)
	}
	if len(left) > 0 {
		fmt.Fprintf(l.deps.Stderr, "launch-runtime: read-only to the agent: %s; TMPDIR is the session's own %s\n", strings.Join(left, ", "), tmp)
	}
	c.Files = []string{os.DevNull, "/dev/zero", "/dev/full", "/dev/random", "/dev/urandom", "/dev/tty", "/dev/ptmx", "/dev/pts"}
	return c, nil
}

// brokerFiles asks the broker where its audit log (falling back to the
// default beside the socket) and its policy file are.
func brokerFiles(ctx context.Context, socket string) (audit, policy string) {
	ctx, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	if c, err := wire.Dial(ctx, socket); err == nil {
		defer c.Close()
		if rep, err := c.Do(ctx, wire.Request{Op: wire.OpStatus}); err == nil && rep.OK {
			var st struct {
				Audit      string `json:"audit"`
				PolicyFile string `json:"policy_file"`
			}
			if json.Unmarshal(rep.Data, &st) == nil && st.Audit != "" {
				return st.Audit, st.PolicyFile
			}
		}
	}
	return wire.DefaultAuditPath(socket), ""
}

// workTree is the top of the git work tree holding wd, else wd.
func workTree(wd string) string {
	d := wd
	for i := 0; i < maxWalkUp; i++ {
		if _, err := os.Lstat(filepath.Join(d, ".git")); err == nil {
			return d
		}
		up := filepath.Dir(d)
		if up == d {
			break
		}
		d = up
	}
	return wd
}

// resolved is p absolute with symlinks resolved as far as it exists.
func resolved(p string) string {
	abs, err := filepath.Abs(p)
	if err != nil {
		return p
	}
	if r, err := filepath.EvalSymlinks(abs); err == nil {
		return r
	}
	if r, err := filepath.EvalSymlinks(filepath.Dir(abs)); err == nil {
		return filepath.Join(r, filepath.Base(abs))
	}
	return abs
}

// within reports whether p is root or lies beneath it.
func within(p, root string) bool {
	if p == root || root == "/" {
		return true
	}
	return strings.HasPrefix(p, strings.TrimSuffix(root, "/")+"/")
}

// sessionsDir is where the sessions' private folders live: beside the
// socket, so the broker can remove them when their runtime exits.
func sessionsDir(socket string) string { return filepath.Join(filepath.Dir(socket), "sessions") }

// privateSessionDir creates a fresh private folder for one session.
func privateSessionDir(socket string) (string, error) {
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", err
	}
	d := filepath.Join(sessionsDir(socket), hex.EncodeToString(b[:]))
	if err := os.MkdirAll(d, 0o700); err != nil {
		return "", fmt.Errorf("session folder: %w", err)
	}
	return d, nil
}

// Config folders: the parts a session may read from the user's own
// (linked, read-only to the domain) and everything else starts empty in
// the session's private copy, so nothing the session writes there
// outlives it.
var (
	claudeShared = []string{"agents", "commands", "skills", "output-styles"} // plugins/ is written at start
	piShared     = []string{"extensions", "prompts", "themes", "skills", "tools"}
)

// maxConfigFile bounds one copied config file.
const maxConfigFile = 16 << 20

// privateConfig seeds dst from src: top-level regular files are copied
// (up to maxConfigFile each), the shared folders linked.
func privateConfig(src, dst string, shared []string) error {
	if err := os.MkdirAll(dst, 0o700); err != nil {
		return err
	}
	ents, err := os.ReadDir(src)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	for _, e := range ents {
		p := filepath.Join(src, e.Name())
		switch {
		case e.Type().IsRegular():
			if err := copyFile(p, filepath.Join(dst, e.Name())); err != nil {
				return err
			}
		case e.IsDir():
			for _, s := range shared {
				if e.Name() == s {
					if err := os.Symlink(p, filepath.Join(dst, s)); err != nil {
						return err
					}
				}
			}
		}
	}
	return nil
}

func copyFile(src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	st, err := in.Stat()
	if err != nil {
		return err
	}
	if st.Size() > maxConfigFile {
		return fmt.Errorf("config copy: %s is over %d bytes", src, maxConfigFile)
	}
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, io.LimitReader(in, maxConfigFile)); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

// runtimeConfig gives the runtime a private copy of its config folder in
// the session folder and returns the environment that points it there.
func (c *Confinement) runtimeConfig(runtime, home, configDir string, environ []string) ([]string, error) {
	if c.Dir == "" {
		return nil, nil
	}
	switch runtime {
	case wire.RuntimeClaude:
		dst := filepath.Join(c.Dir, "claude")
		src := configDir
		if src == "" {
			src = filepath.Join(home, ".claude")
		}
		if err := privateConfig(src, dst, claudeShared); err != nil {
			return nil, fmt.Errorf("config copy: %w", err)
		}
		if configDir == "" {
			// Claude Code keeps ~/.claude.json beside ~/.claude; with
			// CLAUDE_CONFIG_DIR set it keeps it inside.
			if err := copyFile(filepath.Join(home, ".claude.json"), filepath.Join(dst, ".claude.json")); err != nil && !errors.Is(err, fs.ErrNotExist) {
				return nil, fmt.Errorf("config copy: %w", err)
			}
		}
		return []string{"CLAUDE_CONFIG_DIR=" + dst}, nil
	case wire.RuntimePi:
		src := filepath.Join(home, ".pi", "agent")
		for _, kv := range environ {
			if v, ok := strings.CutPrefix(kv, "PI_CODING_AGENT_DIR="); ok && v != "" {
				src = v
			}
		}
		dst := filepath.Join(c.Dir, "pi")
		if err := privateConfig(src, dst, piShared); err != nil {
			return nil, fmt.Errorf("config copy: %w", err)
		}
		return []string{"PI_CODING_AGENT_DIR=" + dst}, nil
	}
	return nil, nil
}

// envHome is HOME in env, else the process's home.
func envHome(env []string) string {
	for _, kv := range env {
		if v, ok := strings.CutPrefix(kv, "HOME="); ok && v != "" {
			return v
		}
	}
	h, _ := os.UserHomeDir()
	return h
}

// setEnv sets each KEY=VALUE of kvs in env, replacing earlier values.
func setEnv(env []string, kvs ...string) []string {
	for _, kv := range kvs {
		k, _, _ := strings.Cut(kv, "=")
		out := env[:0:0]
		for _, e := range env {
			if ek, _, _ := strings.Cut(e, "="); ek != k {
				out = append(out, e)
			}
		}
		env = append(out, kv)
	}
	return env
}
