package driver

// Tests of the core's robustness fixes found by the soak (scanner/soaktest,
// bench/soak): each input here once hung, hid a file or blocked the scan.

import (
	"context"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/leasegate/leasegate/scanner"
)

// primitiveText is the raw flag, built so this file does not hold it.
const primitiveText = "--dangerously-" + "skip-permissions" // check-launches: inert soak fixture: the flag the soak tree must contain

func TestRawPrimitivePositions(t *testing.T) {
	src := "a\n" + primitiveText + " x " + primitiveText + "\n\n  " + primitiveText + "\r\nz " + primitiveText // check-launches: inert soak fixture: the flag the soak tree must contain
	fs, _, err := ScanBytes("f.txt", []byte(src), false, scanner.DefaultConfig(), scanner.Suite{})
	require.NoError(t, err)
	var got []scanner.Pos
	for _, f := range fs {
		got = append(got, scanner.Pos{Line: f.Line, Column: f.Column})
	}
	// One finding per line; each at the position Pos.Offset gives.
	var want []scanner.Pos
	seen := map[int]bool{}
	for _, m := range scanner.FindDangerous(src) {
		p := scanner.Pos{Line: 1, Column: 1}.Offset(src, m.Offset)
		if !seen[p.Line] {
			seen[p.Line] = true
			want = append(want, p)
		}
	}
	if len(want) != 3 || len(got) != len(want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("finding %d at %v, want %v", i, got[i], want[i])
		}
	}
}

// TestRawPrimitiveRepeated is a file holding the primitive 200,000 times:
// the positions are found in one pass (mapping each from the start of the
// file took minutes).
func TestRawPrimitiveRepeated(t *testing.T) {
	src := []byte("log\n" + strings.Repeat("x "+primitiveText+" ", 200_000) + "\nend " + primitiveText + "\n") // check-launches: inert soak fixture: the flag the soak tree must contain
	fs, _, err := ScanBytes("ci.log", src, false, scanner.DefaultConfig(), scanner.Suite{})
	require.NoError(t, err)
	if len(fs) != 2 || fs[0].Line != 2 || fs[0].Column != 3 || fs[1].Line != 3 || fs[1].Column != 5 {
		t.Errorf("findings = %+v", fs)
	}
}

func BenchmarkRawPrimitiveRepeated(b *testing.B) {
	src := []byte(strings.Repeat("x "+primitiveText+" ", 100_000)) // check-launches: inert soak fixture: the flag the soak tree must contain
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		if _, _, err := ScanBytes("ci.log", src, false, scanner.DefaultConfig(), scanner.Suite{}); err != nil {
			b.Fatal(err)
		}
	}
}

// TestRawPrimitiveShebangBinary: a script with a binary payload (a
// self-extracting archive) is run by its interpreter, so the primitive in
// its text is found; binary data without a shebang is not searched.
func TestRawPrimitiveShebangBinary(t *testing.T) {
	payload := "\x00\x01\x02binary\x00"
	for _, c := range []struct {
		src  string
		want int
	}{
		{"#!/bin/sh\nrun " + primitiveText + "\nexit 0\n" + payload, 1},    // check-launches: inert soak fixture: the flag the soak tree must contain
		{"#!/usr/bin/env python3\n# " + primitiveText + "\n" + payload, 1}, // check-launches: inert soak fixture: the flag the soak tree must contain
		{"\x7fELF" + payload + primitiveText, 0},
	} {
		fs, _, err := ScanBytes("x", []byte(c.src), true, scanner.DefaultConfig(), scanner.Suite{})
		require.NoError(t, err)
		if len(fs) != c.want || (c.want == 1 && (fs[0].Line != 2 || fs[0].Class != scanner.ClassDangerousPrimitive)) {
			t.Errorf("%q: findings %+v, want %d on line 2", c.src[:12], fs, c.want)
		}
	}
}

// TestScanFileChangedSinceWalk: a file the walk saw as regular that is a
// FIFO by the time it is opened is skipped without blocking, and one that
// grew past the cap is skipped, not scanned truncated.
func TestScanFileChangedSinceWalk(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "pipe.sh")
	require.NoError(t, syscall.Mkfifo(fifo, 0o644))
	res := scanFile(t.Context(), candidate{rel: "pipe.sh", abs: fifo, size: 10}, scanner.DefaultConfig(), Options{}, nil)
	if res.skip == nil || res.skip.Reason != "not a regular file" || res.scanned || res.err != nil {
		t.Errorf("FIFO: %+v", res)
	}
	big := filepath.Join(dir, "grew.txt")
	fh, err := os.Create(big)
	require.NoError(t, err)
	require.NoError(t, fh.Truncate(scanner.MaxFileSize+1))
	fh.Close()
	res = scanFile(t.Context(), candidate{rel: "grew.txt", abs: big, size: 10}, scanner.DefaultConfig(), Options{}, nil)
	if res.skip == nil || !strings.Contains(res.skip.Reason, "larger than 32 MiB") || res.scanned {
		t.Errorf("grown file: %+v", res)
	}
}

// TestScanUnreadableFolder: a folder that cannot be listed hides its files,
// so it is an I/O error (exit 2) as well as a skip. Root lists any folder;
// scanner/soaktest checks this as an unprivileged user when tests run as
// root.
func TestScanUnreadableFolder(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Log("running as root, which lists any folder: the unprivileged case is checked by scanner/soaktest")
		return
	}
	root := t.TempDir()
	locked := filepath.Join(root, "locked")
	require.NoError(t, os.MkdirAll(locked, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(locked, "a.sh"), []byte("claude\n"), 0o644))
	require.NoError(t, os.Chmod(locked, 0))
	t.Cleanup(func() { os.Chmod(locked, 0o755) })
	rep, err := Scan(t.Context(), Options{Root: root})
	require.NoError(t, err)
	if len(rep.Skipped) != 1 || rep.Skipped[0].File != "locked" || len(rep.Errors) != 1 {
		t.Errorf("skipped %+v, errors %v", rep.Skipped, rep.Errors)
	}
	var fe *FileError
	if !errors.As(rep.Errors[0], &fe) || fe.File != "locked" {
		t.Errorf("error %v is not a FileError for locked", rep.Errors[0])
	}
}

// slowDetector claims .slow files: "hang" never returns (until the process
// ends), "poll" works until Pass.Expired; both keep reporting launches.
type slowDetector struct{ release chan struct{} }

func (slowDetector) Name() string               { return "slow" }
func (slowDetector) Match(f *scanner.File) bool { return f.Ext == ".slow" }
func (d slowDetector) Scan(p *scanner.Pass) error {
	for i := 0; ; i++ {
		p.Judge(scanner.Command{Argv: []scanner.Arg{scanner.Lit("claude")}, At: scanner.Pos{Line: 1, Column: 1}})
		if strings.HasPrefix(string(p.Src), "poll") && p.Expired() {
			return nil
		}
		select {
		case <-d.release:
			return nil
		case <-time.After(time.Millisecond):
		}
	}
}

// TestScanFileBudget: a detector that does not finish within the budget
// makes its file RED unparseable with the reason, the raw primitive is
// still found, what the detector reports late is discarded, and the other
// files are scanned normally.
func TestScanFileBudget(t *testing.T) {
	root := t.TempDir()
	files := map[string]string{
		"hang.slow": "hang\n" + primitiveText + "\n", // check-launches: inert soak fixture: the flag the soak tree must contain
		"poll.slow": "poll\n",
		"ok.conf":   primitiveText + "\n", // check-launches: inert soak fixture: the flag the soak tree must contain
	}
	for name, body := range files {
		require.NoError(t, os.WriteFile(filepath.Join(root, name), []byte(body), 0o644))
	}
	release := make(chan struct{})
	defer close(release) // lets the abandoned detector end with the test
	rep, err := Scan(t.Context(), Options{Root: root, Suite: scanner.Suite{Detectors: []scanner.Detector{slowDetector{release}}}, Budget: 200 * time.Millisecond})
	require.NoError(t, err)
	var got []string
	for _, f := range rep.Findings {
		got = append(got, f.File+":"+strconv.Itoa(f.Line)+" "+f.Tag()+" "+f.Message)
	}
	want := []string{
		"hang.slow:1 RED:unparseable file cannot be parsed, so its launches cannot be checked: the slow detector took longer than 200ms on this file",
		"hang.slow:2 RED:dangerous-primitive raw permission-bypass primitive `" + primitiveText + "` outside launch-runtime; ask launch-runtime for `--dangerous` instead", // check-launches: inert soak fixture: the flag the soak tree must contain
		"ok.conf:1 RED:dangerous-primitive raw permission-bypass primitive `" + primitiveText + "` outside launch-runtime; ask launch-runtime for `--dangerous` instead",   // check-launches: inert soak fixture: the flag the soak tree must contain
		"poll.slow:1 RED:unparseable file cannot be parsed, so its launches cannot be checked: the slow detector took longer than 200ms on this file",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") { // check-launches: inert — the soak findings compared, which name the primitive
		t.Errorf("findings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n")) // check-launches: inert — the soak findings compared, which name the primitive
	}
	if rep.Summary.FilesScanned != 3 || len(rep.Errors) != 0 {
		t.Errorf("summary %+v, errors %v", rep.Summary, rep.Errors)
	}
}

func TestPassExpiredWithoutBudget(t *testing.T) {
	if scanner.NewPass("x", nil, scanner.DefaultConfig(), "x", scanner.Suite{}).Expired() {
		t.Error("a pass made outside the scan expired")
	}
}

// TestFindDangerousWindowed: the windowed search of large files finds
// exactly what the pattern finds over the whole text.
func TestFindDangerousWindowed(t *testing.T) {
	frags := []string{"--", "--permission-mode", "-", "bypass" + "Permissions", "dangerously-skip-permissions", // check-launches: inert — the pieces the soak splits the primitive into
		"--allow-", "default" + "Mode", "\"", "'", "`", ",", ":", "=", " ", "\n", "\t", "x", "abc ", "  ", "mode"}
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 30; i++ {
		var b strings.Builder
		for b.Len() < windowed+rng.IntN(windowed) {
			if rng.IntN(50) == 0 {
				b.WriteString(strings.Repeat(" ", rng.IntN(100)))
			}
			b.WriteString(frags[rng.IntN(len(frags))])
		}
		s := b.String()
		want, got := scanner.FindDangerous(s), findDangerous(s)
		if len(want) == 0 {
			t.Fatalf("case %d: no match at all; the generator is wrong", i)
		}
		if len(got) != len(want) {
			t.Fatalf("case %d: %d matches, want %d", i, len(got), len(want))
		}
		for j := range want {
			if got[j] != want[j] {
				t.Fatalf("case %d match %d: %+v, want %+v", i, j, got[j], want[j])
			}
		}
	}
}

// TestScanInterruptedDuringSlowDetector: an interrupted scan returns
// promptly even while a detector is inside its (long) budget.
func TestScanInterruptedDuringSlowDetector(t *testing.T) {
	root := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(root, "hang.slow"), []byte("hang\n"), 0o644))
	release := make(chan struct{})
	defer close(release)
	ctx, cancel := context.WithCancel(t.Context())
	timer := time.AfterFunc(100*time.Millisecond, cancel)
	defer timer.Stop()
	done := make(chan error, 1)
	go func() {
		_, err := Scan(ctx, Options{Root: root, Suite: scanner.Suite{Detectors: []scanner.Detector{slowDetector{release}}}, Budget: time.Hour})
		done <- err
	}()
	select {
	case err := <-done:
		if !errors.Is(err, context.Canceled) {
			t.Errorf("err = %v, want context.Canceled", err)
		}
	case <-time.After(time.Minute):
		t.Fatal("the scan did not return after it was interrupted")
	}
}
