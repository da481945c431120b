package broker

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"path/filepath"
	"testing"

	"github.com/leasegate/leasegate/lease"
	"github.com/leasegate/leasegate/lease/wire"
)

// FuzzReadLine: the line reader splits exactly at '\n', never returns more
// than the limit, and reports over-long lines.
func FuzzReadLine(f *testing.F) {
	f.Add([]byte("a\nbb\n\nccc"), 2)
	f.Add([]byte(`{"v":1,"op":"status"}`+"\n"), 64)
	f.Add(bytes.Repeat([]byte("x"), 5000), 4096)
	f.Fuzz(func(t *testing.T, data []byte, max int) {
		if max <= 0 || max > 1<<16 {
			max = 16
		}
		r := bufio.NewReaderSize(bytes.NewReader(data), 16)
		want := bytes.Split(data, []byte("\n"))
		trailing := want[len(want)-1] // after the last newline: never a line
		want = want[:len(want)-1]
		for i := 0; ; i++ {
			line, err := wire.ReadLine(r, max)
			if errors.Is(err, io.EOF) {
				if i != len(want) {
					t.Fatalf("%d lines, want %d", i, len(want))
				}
				return
			}
			if errors.Is(err, wire.ErrLineTooLong) {
				long := (i < len(want) && len(want[i]) > max) || (i == len(want) && len(trailing) > max)
				if !long {
					t.Fatalf("line %d reported too long (limit %d)", i, max)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if i >= len(want) || !bytes.Equal(line, want[i]) || len(line) > max {
				t.Fatalf("line %d = %q", i, line)
			}
		}
	})
}

// FuzzHandleLine: whatever one request line holds, the broker answers a
// well-formed reply, never panics, never allows anything to a peer that is
// in no runtime tree, and never answers OK without an op it knows.
func FuzzHandleLine(f *testing.F) {
	dir := f.TempDir()
	s, err := Listen(Config{Socket: filepath.Join(dir, "run", "f.sock"), AuditPath: filepath.Join(dir, "audit.jsonl"), VerifierUID: NoVerifier, ToolCallCap: 5})
	if err != nil {
		f.Fatal(err)
	}
	f.Cleanup(func() { s.Close() })
	cs := &connState{peer: selfPeer(f), inTree: map[string]bool{}}
	// A session of another anchor (pid 1), so session IDs are real but the
	// fuzzing process is outside its tree.
	in, _, _ := s.table.Register("claude", lease.Options{})
	s.meta[in.ID] = &sessionMeta{anchor: anchorKey{pid: 1, start: 0}, fd: -1, runtime: "claude"}
	for _, seed := range []string{
		`{"v":1,"op":"status"}`, `{"v":1,"op":"sessions"}`, `{"v":1,"op":"events","args":{"kind":"lease.registered","limit":"3"}}`,
		`{"v":1,"op":"authorize","session":"` + in.ID + `","generation":1,"tool":"Read"}`,
		`{"v":1,"op":"authorize","session":"` + in.ID + `","generation":1,"tool":"Bash","tool_input":{"command":"ls"}}`,
		`{"v":1,"op":"begin_verification","session":"` + in.ID + `","generation":1,"binding":"b"}`,
		`{"v":1,"op":"promote","session":"` + in.ID + `","generation":1,"token":"00","ttl_seconds":30}`,
		`{"v":1,"op":"revoke","session":"` + in.ID + `"}`, `{"v":1,"op":"bump_generation","session":"` + in.ID + `","generation":1}`,
		`{"v":1,"op":"tap","session":"x","tool_input":{"file_path":1}}`, `{"v":1,"op":"register","runtime":"pi","pid":1}`,
		`{"v":1,"op":"events","args":{"since":"yesterday"}}`, `{"v":1e400}`, `null`, `{"v":1,"op":"status","args":[]}`,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		rep := s.handleLine(cs, line)
		if n := s.nPanic.Load(); n > 0 {
			t.Fatalf("handler panicked on %q", line)
		}
		if rep.Allow {
			t.Fatalf("allowed from outside every tree: %q -> %+v", line, rep)
		}
		if !rep.OK && rep.Code == "" {
			t.Fatalf("failure without a code: %q -> %+v", line, rep)
		}
		if rep.OK {
			var req wire.Request
			if json.Unmarshal(line, &req) != nil || req.V != wire.ProtocolVersion {
				t.Fatalf("OK for a request that does not decode: %q", line)
			}
		}
		if _, err := json.Marshal(rep); err != nil {
			t.Fatalf("reply does not encode: %v", err)
		}
	})
}

// TestHandleLineOperatorPath checks the fuzz target's setup: this process,
// outside every runtime tree, may verify a session anchored elsewhere, and
// is refused as a gate for it.
func TestHandleLineOperatorPath(t *testing.T) {
	dir := t.TempDir()
	s, err := Listen(Config{Socket: filepath.Join(dir, "run", "f.sock"), AuditPath: filepath.Join(dir, "audit.jsonl"), VerifierUID: NoVerifier})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	cs := &connState{peer: selfPeer(t), inTree: map[string]bool{}}
	in, _, _ := s.table.Register("claude", lease.Options{})
	s.meta[in.ID] = &sessionMeta{anchor: anchorKey{pid: 1, start: 0}, fd: -1, runtime: "claude"}
	rep := s.handleLine(cs, []byte(`{"v":1,"op":"begin_verification","session":"`+in.ID+`","generation":1}`))
	if !rep.OK || rep.Token == "" {
		t.Fatalf("operator begin: %+v", rep)
	}
	rep = s.handleLine(cs, []byte(`{"v":1,"op":"authorize","session":"`+in.ID+`","generation":1,"tool":"Read"}`))
	if rep.Allow || rep.Code != wire.CodeUnknownSession {
		t.Fatalf("out-of-tree authorize: %+v", rep)
	}
}
