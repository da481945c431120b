package e2e

import (
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"strings"
	"sync"
	"time"
)

// Step is one scripted model turn: a tool call (Tool and Input) or, with
// Tool empty, a final text answer.
type Step struct {
	Tool  string
	Input map[string]any
	Text  string
	// Before runs once, before the mock answers with this step: the test
	// acts from outside the agent (promote, revoke, restart the broker)
	// while the runtime waits for the model.
	Before func()
	// InputFunc, when set, gives the tool input at answer time (after
	// Before), for inputs only known once the runtime is running.
	InputFunc func() map[string]any
	// InputTokens, when set, is the usage the mock reports, to make the
	// runtime believe its context is full and compact.
	InputTokens int
	// Overflow answers with the API's "prompt is too long" error instead,
	// which makes Pi compact and retry.
	Overflow bool

	once *sync.Once
}

// MockAPI is a loopback Anthropic Messages API. A request that offers tools
// is a turn of the agent loop: the mock answers the n-th such request with
// the n-th script step (then "done." when the script runs out). A request
// without tools (titles, quota probes) or asking for a summary (compaction)
// gets a short text holding a summary. Every tool result the runtime sends
// back is kept, so tests can read what the model was told.
type MockAPI struct {
	URL string

	srv     *http.Server
	ln      net.Listener
	mu      sync.Mutex
	script  []Step
	reqs    []MessagesRequest
	other   []string
	served  int // agent-loop answers so far: the script position
	threads map[string]*thread
	seen    map[string]int // tool_use_id -> index in results
	results []ToolResult
}

// MessagesRequest is the part of a Messages API request the tests read.
type MessagesRequest struct {
	System   json.RawMessage   `json:"system"`
	Model    string            `json:"model"`
	Stream   bool              `json:"stream"`
	Tools    []json.RawMessage `json:"tools"`
	Messages []Message         `json:"messages"`
}

// Message is one conversation message; Content is a string or blocks.
type Message struct {
	Role    string          `json:"role"`
	Content json.RawMessage `json:"content"`
}

// Block is one content block.
type Block struct {
	Type      string          `json:"type"`
	Text      string          `json:"text,omitempty"`
	ID        string          `json:"id,omitempty"`
	Name      string          `json:"name,omitempty"`
	Input     json.RawMessage `json:"input,omitempty"`
	ToolUseID string          `json:"tool_use_id,omitempty"`
	Content   json.RawMessage `json:"content,omitempty"`
	IsError   bool            `json:"is_error,omitempty"`
}

// Blocks decodes the message content as blocks (a plain string becomes
// one text block).
func (m Message) Blocks() []Block {
	var s string
	if json.Unmarshal(m.Content, &s) == nil {
		return []Block{{Type: "text", Text: s}}
	}
	var bs []Block
	_ = json.Unmarshal(m.Content, &bs)
	return bs
}

// ToolResult is what the runtime sent back for one tool call.
type ToolResult struct {
	ToolUseID string
	IsError   bool
	Text      string
}

// thread is a script for the requests whose system prompt holds a marker
// (a subagent's), with its own position.
type thread struct {
	script []Step
	served int
}

// SetThread scripts the requests whose system prompt contains marker
// separately from the main script: a subagent's turns, which may
// interleave with the main agent's.
func (m *MockAPI) SetThread(marker string, script []Step) {
	m.mu.Lock()
	defer m.mu.Unlock()
	th := &thread{}
	for _, st := range script {
		st.once = new(sync.Once)
		th.script = append(th.script, st)
	}
	if m.threads == nil {
		m.threads = map[string]*thread{}
	}
	m.threads[marker] = th
}

// StartMockAPI serves script on 127.0.0.1 until Close.
func StartMockAPI(script []Step) (*MockAPI, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	m := &MockAPI{ln: ln, URL: "http://" + ln.Addr().String()}
	m.SetScript(script)
	m.srv = &http.Server{Handler: http.HandlerFunc(m.serve)}
	go m.srv.Serve(ln)
	return m, nil
}

// Close stops the server.
func (m *MockAPI) Close() { _ = m.srv.Close() }

// SetScript replaces the script (for the next conversation).
func (m *MockAPI) SetScript(script []Step) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.script = nil
	for _, st := range script {
		st.once = new(sync.Once)
		m.script = append(m.script, st)
	}
	m.reqs = nil
	m.served = 0
	m.seen = map[string]int{}
	m.results = nil
}

// Requests returns the agent-loop requests seen so far.
func (m *MockAPI) Requests() []MessagesRequest {
	m.mu.Lock()
	defer m.mu.Unlock()
	return append([]MessagesRequest(nil), m.reqs...)
}

// Other returns the method and path of every request that was not an
// agent-loop turn.
func (m *MockAPI) Other() []string {
	m.mu.Lock()
	defer m.mu.Unlock()
	return append([]string(nil), m.other...)
}

// ToolResults returns every tool result the runtime sent, in the order the
// tool calls were made, across compactions.
func (m *MockAPI) ToolResults() []ToolResult {
	m.mu.Lock()
	defer m.mu.Unlock()
	return append([]ToolResult(nil), m.results...)
}

// noteResults records tool results not seen before. Callers hold m.mu.
func (m *MockAPI) noteResults(req MessagesRequest) {
	for _, msg := range req.Messages {
		for _, b := range msg.Blocks() {
			if b.Type != "tool_result" {
				continue
			}
			if _, ok := m.seen[b.ToolUseID]; ok {
				continue
			}
			m.seen[b.ToolUseID] = len(m.results)
			m.results = append(m.results, ToolResult{ToolUseID: b.ToolUseID, IsError: b.IsError, Text: blockText(b.Content)})
		}
	}
}

func blockText(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var bs []Block
	_ = json.Unmarshal(raw, &bs)
	var parts []string
	for _, b := range bs {
		if b.Text != "" {
			parts = append(parts, b.Text)
		}
	}
	return strings.Join(parts, "\n")
}

func (m *MockAPI) serve(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost || !strings.HasSuffix(r.URL.Path, "/v1/messages") {
		m.mu.Lock()
		m.other = append(m.other, r.Method+" "+r.URL.Path)
		m.mu.Unlock()
		if strings.HasSuffix(r.URL.Path, "/count_tokens") {
			w.Header().Set("Content-Type", "application/json")
			io.WriteString(w, `{"input_tokens":10}`)
			return
		}
		http.NotFound(w, r)
		return
	}
	if os.Getenv("LEASEGATE_E2E_TRACE") != "" {
		fmt.Fprintf(os.Stderr, "mock %s %s %s\n", time.Now().Format("15:04:05.000"), r.Method, r.URL.Path)
	}
	body, err := io.ReadAll(io.LimitReader(r.Body, 64<<20))
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	var req MessagesRequest
	if err := json.Unmarshal(body, &req); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	var step Step
	if len(req.Tools) == 0 || isSummaryRequest(req) {
		// Titles, topics, and compaction summaries.
		step = Step{Text: "<analysis>none</analysis>\n<summary>The session so far: scripted tool calls.</summary>"}
		m.mu.Lock()
		m.noteResults(req)
		m.other = append(m.other, fmt.Sprintf("POST %s (tools %d, messages %d, summary %v) %.80q", r.URL.Path, len(req.Tools), len(req.Messages), isSummaryRequest(req), lastText(req)))
		m.mu.Unlock()
	} else {
		m.mu.Lock()
		m.reqs = append(m.reqs, req)
		m.noteResults(req)
		script, served := m.script, &m.served
		for marker, th := range m.threads {
			if strings.Contains(string(req.System), marker) {
				script, served = th.script, &th.served
			}
		}
		if *served < len(script) {
			step = script[*served]
		} else {
			step = Step{Text: "done."}
		}
		*served++
		m.mu.Unlock()
		if step.Before != nil {
			step.once.Do(step.Before)
		}
		if step.InputFunc != nil {
			step.Input = step.InputFunc()
		}
		if step.Tool == "" && step.Text == "" {
			step.Text = "done."
		}
	}
	if step.Overflow {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusBadRequest)
		io.WriteString(w, `{"type":"error","error":{"type":"invalid_request_error","message":"prompt is too long: 250000 tokens > 200000 maximum"}}`)
		return
	}
	m.mu.Lock()
	id := fmt.Sprintf("toolu_%03d", len(m.reqs)+len(m.other))
	m.mu.Unlock()
	if req.Stream {
		writeStream(w, req.Model, id, step)
		return
	}
	writeMessage(w, req.Model, id, step)
}

func writeMessage(w http.ResponseWriter, model, id string, s Step) {
	msg := map[string]any{
		"id": "msg_" + id, "type": "message", "role": "assistant", "model": model,
		"stop_sequence": nil, "usage": map[string]int{"input_tokens": inputTokens(s), "output_tokens": 5},
	}
	if s.Tool != "" {
		msg["content"] = []any{map[string]any{"type": "tool_use", "id": id, "name": s.Tool, "input": s.Input}}
		msg["stop_reason"] = "tool_use"
	} else {
		msg["content"] = []any{map[string]any{"type": "text", "text": s.Text}}
		msg["stop_reason"] = "end_turn"
	}
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(msg)
}

func writeStream(w http.ResponseWriter, model, id string, s Step) {
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	fl, _ := w.(http.Flusher)
	send := func(event string, data any) {
		b, _ := json.Marshal(data)
		fmt.Fprintf(w, "event: %s\ndata: %s\n\n", event, b)
		if fl != nil {
			fl.Flush()
		}
	}
	send("message_start", map[string]any{"type": "message_start", "message": map[string]any{
		"id": "msg_" + id, "type": "message", "role": "assistant", "model": model, "content": []any{},
		"stop_reason": nil, "stop_sequence": nil, "usage": map[string]int{"input_tokens": inputTokens(s), "output_tokens": 1},
	}})
	stop := "end_turn"
	if s.Tool != "" {
		stop = "tool_use"
		in, _ := json.Marshal(s.Input)
		send("content_block_start", map[string]any{"type": "content_block_start", "index": 0,
			"content_block": map[string]any{"type": "tool_use", "id": id, "name": s.Tool, "input": map[string]any{}}})
		send("content_block_delta", map[string]any{"type": "content_block_delta", "index": 0,
			"delta": map[string]any{"type": "input_json_delta", "partial_json": string(in)}})
	} else {
		send("content_block_start", map[string]any{"type": "content_block_start", "index": 0,
			"content_block": map[string]any{"type": "text", "text": ""}})
		send("content_block_delta", map[string]any{"type": "content_block_delta", "index": 0,
			"delta": map[string]any{"type": "text_delta", "text": s.Text}})
	}
	send("content_block_stop", map[string]any{"type": "content_block_stop", "index": 0})
	send("message_delta", map[string]any{"type": "message_delta",
		"delta": map[string]any{"stop_reason": stop, "stop_sequence": nil}, "usage": map[string]int{"output_tokens": 5}})
	send("message_stop", map[string]any{"type": "message_stop"})
}

func inputTokens(s Step) int {
	if s.InputTokens > 0 {
		return s.InputTokens
	}
	return 10
}

// isSummaryRequest reports a compaction: the runtime asks the model to
// summarise the conversation (with the agent's tools still attached).
func isSummaryRequest(req MessagesRequest) bool {
	if len(req.Messages) == 0 {
		return false
	}
	last := req.Messages[len(req.Messages)-1]
	if last.Role != "user" {
		return false
	}
	for _, b := range last.Blocks() {
		if b.Type != "text" {
			continue
		}
		low := strings.ToLower(b.Text)
		if strings.Contains(low, "create a detailed summary") || strings.Contains(low, "conversation to summarize") {
			return true
		}
	}
	return false
}

func lastText(req MessagesRequest) string {
	if len(req.Messages) == 0 {
		return ""
	}
	var parts []string
	for _, b := range req.Messages[len(req.Messages)-1].Blocks() {
		if b.Type == "text" {
			parts = append(parts, b.Text)
		}
	}
	return strings.Join(parts, " | ")
}
