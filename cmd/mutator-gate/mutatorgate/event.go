package mutatorgate

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"unicode/utf8"
)

// MaxEventBytes caps the hook event read from stdin. A larger event is not
// decoded: the gate blocks it, the tap drops it.
const MaxEventBytes = 4 << 20

// ErrMalformedEvent reports a hook event that is not one JSON object of the
// expected shape. It is always a block for the gate.
var ErrMalformedEvent = errors.New("malformed hook event")

// ErrEventTooLarge reports a hook event over MaxEventBytes.
var ErrEventTooLarge = fmt.Errorf("%w: over %d bytes", ErrMalformedEvent, MaxEventBytes)

// Event is the part of a hook event that mutator-gate reads: Claude Code's
// PreToolUse, PostToolUse, PreCompact and SessionStart payloads, and the
// same shape sent by the Pi gate extension. Other fields are ignored.
type Event struct {
	HookEventName string          `json:"hook_event_name"`
	ToolName      string          `json:"tool_name"`
	ToolInput     json.RawMessage `json:"tool_input"`
	AgentID       string          `json:"agent_id"`
	AgentType     string          `json:"agent_type"`
	// Cwd is the runtime's working folder; policy rules resolve relative
	// paths in tool_input against it.
	Cwd string `json:"cwd"`
	// Source is SessionStart's reason: startup, resume, clear, compact, fork.
	Source string `json:"source"`
	// Trigger is PreCompact's reason: manual or auto.
	Trigger string `json:"trigger"`
}

// ReadEvent reads at most MaxEventBytes from r and decodes them.
func ReadEvent(r io.Reader) (Event, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxEventBytes+1))
	if err != nil {
		return Event{}, fmt.Errorf("%w: reading stdin: %v", ErrMalformedEvent, err)
	}
	if len(data) > MaxEventBytes {
		return Event{}, ErrEventTooLarge
	}
	return DecodeEvent(data)
}

// DecodeEvent decodes one hook event: exactly one JSON object (surrounding
// white space allowed), valid UTF-8, whose known fields have the right JSON
// types and whose tool_input, when present, is an object. It does not check
// that a tool name is present; the mode that needs one does.
func DecodeEvent(data []byte) (Event, error) {
	if len(data) > MaxEventBytes {
		return Event{}, ErrEventTooLarge
	}
	trimmed := bytes.TrimSpace(data)
	if len(trimmed) == 0 {
		return Event{}, fmt.Errorf("%w: empty input", ErrMalformedEvent)
	}
	if trimmed[0] != '{' {
		return Event{}, fmt.Errorf("%w: not a JSON object", ErrMalformedEvent)
	}
	if !utf8.Valid(trimmed) {
		return Event{}, fmt.Errorf("%w: not UTF-8", ErrMalformedEvent)
	}
	dec := json.NewDecoder(bytes.NewReader(trimmed))
	var ev Event
	if err := dec.Decode(&ev); err != nil {
		return Event{}, fmt.Errorf("%w: %v", ErrMalformedEvent, err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return Event{}, fmt.Errorf("%w: trailing data after the object", ErrMalformedEvent)
	}
	if in := bytes.TrimSpace(ev.ToolInput); len(in) > 0 {
		if in[0] != '{' {
			if !bytes.Equal(in, []byte("null")) {
				return Event{}, fmt.Errorf("%w: tool_input is not an object", ErrMalformedEvent)
			}
			in = nil
		}
		ev.ToolInput = in
	}
	return ev, nil
}

// contentKeys are the tool_input fields that carry file bodies rather than
// what a policy rule looks at (paths, commands). shrinkToolInput may cut them.
var contentKeys = map[string]bool{
	"content": true, "new_string": true, "old_string": true,
	"new_source": true, "oldText": true, "newText": true,
}

// errInputTooLarge reports a tool_input that stays over budget even after
// its file bodies are cut: it cannot be shown to the policy whole.
var errInputTooLarge = errors.New("tool_input too large to check")

// shrinkToolInput returns in unchanged when it fits budget bytes; otherwise
// it cuts long string values of contentKeys (at any depth) to a short prefix
// and marks the object with "leasegate_truncated": true. Anything a rule
// reads (paths, commands, URLs) is never cut: if the result is still over
// budget, it fails.
func shrinkToolInput(in json.RawMessage, budget int) (json.RawMessage, error) {
	if len(in) <= budget {
		return in, nil
	}
	var v any
	if err := json.Unmarshal(in, &v); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrMalformedEvent, err)
	}
	obj, ok := v.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("%w: tool_input is not an object", ErrMalformedEvent)
	}
	cutBodies(obj)
	obj["leasegate_truncated"] = true
	out, err := json.Marshal(obj)
	if err != nil {
		return nil, err
	}
	if len(out) > budget {
		return nil, fmt.Errorf("%w: %d bytes", errInputTooLarge, len(out))
	}
	return out, nil
}

const keepPrefix = 256

func cutBodies(v any) {
	switch x := v.(type) {
	case map[string]any:
		for k, val := range x {
			if s, ok := val.(string); ok && contentKeys[k] && len(s) > keepPrefix {
				cut := keepPrefix
				for cut > 0 && !utf8.RuneStart(s[cut]) {
					cut--
				}
				x[k] = s[:cut]
				continue
			}
			cutBodies(val)
		}
	case []any:
		for _, e := range x {
			cutBodies(e)
		}
	}
}
