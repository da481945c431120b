package mutatorgate

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"
)

func FuzzDecodeEvent(f *testing.F) {
	for _, s := range []string{
		`{"session_id":"c","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls"}}`,
		`{"hook_event_name":"SessionStart","source":"compact"}`,
		`{"hook_event_name":"PostToolUse","tool_name":"Edit","agent_id":"a","agent_type":"verifier","tool_input":{"file_path":"/x","new_string":"y"}}`,
		`{"tool_name":"mcp__s__t","tool_input":null}`,
		`{"tool_name":"Read","tool_input":[1]}`,
		`[]`, ``, `{`, `{} {}`, "{\"tool_name\":\"\xff\"}",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		ev, err := DecodeEvent(data)
		ev2, err2 := DecodeEvent(data)
		if (err == nil) != (err2 == nil) || !reflect.DeepEqual(ev, ev2) {
			t.Fatalf("not deterministic")
		}
		if err != nil {
			if !errors.Is(err, ErrMalformedEvent) {
				t.Fatalf("error %v is not ErrMalformedEvent", err)
			}
			return
		}
		if len(ev.ToolInput) > 0 {
			if ev.ToolInput[0] != '{' || !json.Valid(ev.ToolInput) {
				t.Fatalf("accepted tool_input %q", ev.ToolInput)
			}
			out, err := shrinkToolInput(ev.ToolInput, 64)
			if err == nil && len(out) > 64 {
				t.Fatalf("shrunk input over budget: %d", len(out))
			}
		}
	})
}

func TestShrinkKeepsWhatRulesRead(t *testing.T) {
	in := json.RawMessage(`{"file_path":"/a","edits":[{"old_string":"` + strings.Repeat("x", 5000) + `","new_string":"y"}]}`)
	out, err := shrinkToolInput(in, 1024)
	if err != nil {
		t.Fatal(err)
	}
	var v struct {
		FilePath string `json:"file_path"`
		Edits    []struct {
			Old string `json:"old_string"`
		} `json:"edits"`
		Truncated bool `json:"leasegate_truncated"`
	}
	if err := json.Unmarshal(out, &v); err != nil {
		t.Fatal(err)
	}
	if v.FilePath != "/a" || !v.Truncated || len(v.Edits) != 1 || len(v.Edits[0].Old) != keepPrefix {
		t.Errorf("shrunk to %s", out)
	}
	if _, err := shrinkToolInput(json.RawMessage(`{"command":"`+strings.Repeat("x", 5000)+`"}`), 1024); !errors.Is(err, errInputTooLarge) {
		t.Errorf("a long command was cut or passed: %v", err)
	}
}
