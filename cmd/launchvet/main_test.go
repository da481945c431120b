package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

const wrapperSrc = `package wrapper

import "syscall"

const bypass = "--dangerously-" + "skip-permissions"

// Exec replaces the process with claude.
func Exec() error { return syscall.Exec("/usr/bin/claude", []string{"claude", bypass}, nil) }
`

// TestGoVetVettool builds launchvet, then runs the real `go vet
// -vettool=launchvet ./...` on small sample modules and checks the output
// and the exit status.
func TestGoVetVettool(t *testing.T) {
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("the go command is needed: %v", err)
	}
	tool := filepath.Join(t.TempDir(), "launchvet")
	build := exec.Command(goBin, "build", "-o", tool, ".")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	gomod := "module example.com/sample\n\ngo 1.26\n"
	tests := []struct {
		name     string
		files    map[string]string
		flags    []string
		wantExit int
		want     []string
		notWant  []string
	}{
		{
			name: "direct launch is reported",
			files: map[string]string{
				"main.go": `package main

import "os/exec"

const agent = "cl" + "aude"

func main() {
	_ = exec.Command(agent, "-p", "hi").Run()
	_ = exec.Command("launch-runtime", "--runtime", "claude", "--", "-p").Run()
}
`,
				"sub/sub.go": `package sub

import "os/exec"

// Run starts a shell string.
func Run() error { return exec.Command("bash", "-c", "pi --print x").Run() }
`,
			},
			wantExit: 1,
			want:     []string{"main.go:8:6: RED:process-api: claude launched through a process API", "sub/sub.go:6:55: RED:eval:"},
			notWant:  []string{"GATED"},
		},
		{
			name: "gated launches listed with -launches.gated",
			files: map[string]string{
				"main.go": `package main

import "os/exec"

func main() { _ = exec.Command("launch-runtime", "--runtime", "pi").Run() }
`,
			},
			flags:    []string{"-launches.gated"},
			wantExit: 1,
			want:     []string{"main.go:5:19: GATED: pi launched through launch-runtime"},
		},
		{
			name: "clean module passes",
			files: map[string]string{
				"main.go": `package main

import (
	"fmt"
	"os/exec"
)

func main() {
	_ = exec.Command("launch-runtime", "--runtime", "claude").Run()
	fmt.Println("run claude later")
}
`,
			},
			wantExit: 0,
		},
		{
			name: "choke point from .check-launches.yaml",
			files: map[string]string{
				".check-launches.yaml": "chokepoints: [\"wrapper/**\"]\n",
				"main.go":              "package main\n\nimport _ \"example.com/sample/wrapper\"\n\nfunc main() {}\n",
				"wrapper/w.go":         wrapperSrc,
			},
			wantExit: 0,
		},
		{
			name: "the same wrapper without a choke point is reported",
			files: map[string]string{
				"main.go":      "package main\n\nimport _ \"example.com/sample/wrapper\"\n\nfunc main() {}\n",
				"wrapper/w.go": wrapperSrc,
			},
			wantExit: 1,
			want:     []string{"wrapper/w.go:5:16: RED:dangerous-primitive", "wrapper/w.go:8:28: RED:process-api"},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			tc.files["go.mod"] = gomod
			for name, body := range tc.files {
				p := filepath.Join(dir, filepath.FromSlash(name))
				if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			args := append([]string{"vet", "-vettool=" + tool}, tc.flags...)
			cmd := exec.Command(goBin, append(args, "./...")...)
			cmd.Dir = dir
			cmd.Env = append(os.Environ(), "GOFLAGS=", "GOTOOLCHAIN=local", "GOPROXY=off", "GOWORK=off")
			var out bytes.Buffer
			cmd.Stdout, cmd.Stderr = &out, &out
			err := cmd.Run()
			code := 0
			var ee *exec.ExitError
			if errors.As(err, &ee) {
				code = ee.ExitCode()
			} else if err != nil {
				t.Fatalf("go vet: %v", err)
			}
			text := filepath.ToSlash(out.String())
			if code != tc.wantExit {
				t.Errorf("exit status %d, want %d\n%s", code, tc.wantExit, text)
			}
			for _, w := range tc.want {
				if !strings.Contains(text, w) {
					t.Errorf("output lacks %q:\n%s", w, text)
				}
			}
			for _, w := range tc.notWant {
				if strings.Contains(text, w) {
					t.Errorf("output has %q:\n%s", w, text)
				}
			}
		})
	}
}
