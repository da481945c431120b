package checklaunches

import (
	"bytes"
	"strings"
	"testing"
	"time"
)

func TestProgress(t *testing.T) {
	tests := []struct {
		name     string
		terminal bool
		env      map[string]string
		format   string
		mode     string
		want     bool
	}{
		{"terminal text", true, nil, "text", "auto", true},
		{"not a terminal", false, nil, "text", "auto", false},
		{"GitHub Actions", true, map[string]string{"GITHUB_ACTIONS": "true"}, "text", "auto", false},
		{"CI", true, map[string]string{"CI": "1"}, "text", "auto", false},
		{"json", true, nil, "json", "auto", false},
		{"sarif", true, nil, "sarif", "auto", false},
		{"github", true, nil, "github", "auto", false},
		{"never", true, nil, "text", "never", false},
		{"always", false, map[string]string{"CI": "1"}, "json", "always", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var buf bytes.Buffer
			o := &Options{Progress: tt.mode, IO: &IO{Err: &buf, ErrIsTerminal: tt.terminal, Getenv: func(k string) string { return tt.env[k] }}}
			p := newProgress(o, tt.format)
			clock := p.start
			p.now = func() time.Time { return clock }
			p.update(1, 10) // before the delay: nothing
			if buf.Len() != 0 {
				t.Fatalf("progress printed before %v: %q", progressDelay, buf.String())
			}
			clock = clock.Add(progressDelay + time.Millisecond)
			p.update(5, 10)
			p.update(6, 10) // within the interval: nothing more
			clock = clock.Add(progressInterval)
			p.update(7, 10)
			p.done()
			got := buf.String()
			if !tt.want {
				if got != "" {
					t.Errorf("printed %q", got)
				}
				return
			}
			want := "\rcheck-launches: scanned 5 / 10 files\rcheck-launches: scanned 7 / 10 files\r\x1b[K"
			if got != want {
				t.Errorf("printed %q, want %q", got, want)
			}
		})
	}
}

// TestProgressNeverInMachineOutput runs a real scan with a terminal stderr
// and JSON output: stderr stays empty.
func TestProgressNeverInMachineOutput(t *testing.T) {
	root := writeTree(t, map[string]string{"a.txt": "x\n"})
	var out, errb bytes.Buffer
	ios := &IO{Out: &out, Err: &errb, ErrIsTerminal: true, Getenv: func(string) string { return "" }}
	if code := run(t.Context(), []string{"--root", root, "--json"}, strings.NewReader(""), ios); code != ExitOK {
		t.Fatalf("exit %d", code)
	}
	if errb.Len() != 0 {
		t.Errorf("stderr %q", errb.String())
	}
}
