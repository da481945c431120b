package broker

// The operations of the runtime side: the wrapper's registration and the
// hook's calls.

import (
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/leasegate/leasegate/lease"
	"github.com/leasegate/leasegate/lease/wire"
)

// opRegister anchors a new session on the connecting process.
func (s *Server) opRegister(cs *connState, req *wire.Request) wire.Reply {
	p := cs.peer
	if req.PID <= 0 || req.PID != p.pid {
		return fail(wire.CodePeerRefused, "register: pid %d is not the connecting process (%d)", req.PID, p.pid)
	}
	if !lease.KnownRuntime(req.Runtime) {
		return fail(wire.CodeUnknownRuntime, "register: unknown runtime %q (want claude or pi)", req.Runtime)
	}
	opts, err := s.allowList(req.Args)
	if err != nil {
		return fail(wire.CodeBadAllowList, "register: %v", err)
	}
	var gateFiles []string
	if dir := req.Args[wire.ArgConfigDir]; dir != "" {
		if !filepath.IsAbs(dir) {
			return fail(wire.CodeBadRequest, "register: %s must be an absolute path", wire.ArgConfigDir)
		}
		gateFiles = []string{filepath.Join(filepath.Clean(dir), "settings.json")}
	}
	if files := req.Args[wire.ArgGateFiles]; files != "" {
		for _, f := range strings.Split(files, "\n") {
			if f == "" {
				continue
			}
			if !filepath.IsAbs(f) {
				return fail(wire.CodeBadRequest, "register: %s entries must be absolute paths", wire.ArgGateFiles)
			}
			gateFiles = append(gateFiles, filepath.Clean(f))
		}
	}
	dangerous := req.Args[wire.ArgDangerous] == "true"
	fd := pidfdOpen(p.pid)
	if !p.alive() {
		fd.close()
		return fail(wire.CodePeerRefused, "register: the registering process is gone")
	}
	if st, err := readProcStat(p.pid); err != nil || st.start != p.start || fd.exited() {
		fd.close()
		return fail(wire.CodePeerRefused, "register: cannot anchor pid %d", p.pid)
	}
	key := anchorKey{p.pid, p.start}
	s.mu.Lock()
	if len(s.meta) >= s.cfg.MaxSessions || s.anchors[key] >= s.cfg.MaxSessionsPerRuntime {
		s.mu.Unlock()
		fd.close()
		return fail(wire.CodeTooManySessions, "register: session limit reached (%d in all, %d per runtime process)", s.cfg.MaxSessions, s.cfg.MaxSessionsPerRuntime)
	}
	s.anchors[key]++ // reserve the slot
	s.mu.Unlock()
	in, evs, err := s.table.Register(req.Runtime, opts)
	if err != nil {
		s.mu.Lock()
		if s.anchors[key]--; s.anchors[key] <= 0 {
			delete(s.anchors, key)
		}
		s.mu.Unlock()
		fd.close()
		if errors.Is(err, lease.ErrBadAllowList) {
			return fail(wire.CodeBadAllowList, "%v", err)
		}
		return fail(wire.CodeInternal, "register: %v", err)
	}
	s.mu.Lock()
	s.meta[in.ID] = &sessionMeta{anchor: key, fd: fd, runtime: in.Runtime, gateFiles: gateFiles, dangerous: dangerous,
		confinement: req.Args[wire.ArgConfinement], sessionDir: s.sessionDirOf(req.Args[wire.ArgSessionDir])}
	s.mu.Unlock()
	for _, e := range evs {
		rec := Record{Kind: string(e.Kind), Session: e.Session, Generation: e.Generation, Runtime: e.Runtime, PID: p.pid,
			Confinement: confinementOrUnknown(req.Args[wire.ArgConfinement])}
		if dangerous {
			rec.Reason = "dangerous mode"
		}
		_ = s.audit.Write(rec)
	}
	s.recordStartup(in.ID, in.Generation, in.Runtime, p.pid, req.Args[wire.ArgStartup])
	return wire.Reply{OK: true, Session: in.ID, Generation: in.Generation, State: in.State.String()}
}

// maxStartupRecords bounds the start-up items recorded for one
// registration; what is left over is recorded as a count.
const maxStartupRecords = 256

// recordStartup writes one session.startup record per line of list.
func (s *Server) recordStartup(session string, gen uint64, runtime string, pid int, list string) {
	n := 0
	for _, line := range strings.Split(list, "\n") {
		if line == "" {
			continue
		}
		n++
		if n > maxStartupRecords {
			continue
		}
		if len(line) > 400 {
			line = line[:397] + "..."
		}
		_ = s.audit.Write(Record{Kind: KindSessionStartup, Session: session, Generation: gen, Runtime: runtime, PID: pid, Reason: line})
	}
	if n > maxStartupRecords {
		_ = s.audit.Write(Record{Kind: KindSessionStartup, Session: session, Generation: gen, Runtime: runtime, PID: pid,
			Reason: fmt.Sprintf("%d more start-up items not recorded (limit %d)", n-maxStartupRecords, maxStartupRecords)})
	}
}

// allowList builds a registration's task allow-list from allow_tools and
// tool_profile (both given: only tools in both), in allow_tools_mode.
func (s *Server) allowList(args map[string]string) (lease.Options, error) {
	var opts lease.Options
	raw, hasList := args[wire.ArgAllowTools]
	profile, hasProfile := args[wire.ArgToolProfile]
	if !hasList && !hasProfile {
		if _, ok := args[wire.ArgAllowToolsMode]; ok {
			return opts, fmt.Errorf("%s without %s or %s", wire.ArgAllowToolsMode, wire.ArgAllowTools, wire.ArgToolProfile)
		}
		return opts, nil
	}
	mode, err := lease.ParseAllowMode(args[wire.ArgAllowToolsMode])
	if err != nil {
		return opts, err
	}
	opts.AllowMode = mode
	var list []string
	if hasList {
		list = []string{}
		for _, t := range strings.Split(raw, ",") {
			if t = strings.TrimSpace(t); t != "" {
				list = append(list, t)
			}
		}
	}
	if hasProfile {
		ps, ok := s.cfg.Policy.(ProfileSource)
		if !ok {
			return opts, fmt.Errorf("tool profile %q: the broker runs without a policy that defines profiles", profile)
		}
		tools, ok := ps.Profile(profile)
		if !ok {
			known := "none"
			if l, ok := ps.(interface{ Profiles() []string }); ok && len(l.Profiles()) > 0 {
				known = strings.Join(l.Profiles(), ", ")
			}
			return opts, fmt.Errorf("unknown tool profile %q (the broker's policy defines: %s)", profile, known)
		}
		if list == nil {
			list = tools
		} else {
			in := map[string]bool{}
			for _, t := range tools {
				in[t] = true
			}
			narrowed := []string{}
			for _, t := range list {
				if in[t] {
					narrowed = append(narrowed, t)
				}
			}
			list = narrowed
		}
	}
	opts.AllowTools = list
	return opts, nil
}

// opSessionStart records the gate's SessionStart call-in.
func (s *Server) opSessionStart(cs *connState, req *wire.Request) wire.Reply {
	if rep, ok := s.sessionPeer(cs, req.Session); !ok {
		return rep
	}
	_ = s.table.MarkGateSeen(req.Session)
	in, _ := s.table.Get(req.Session)
	return wire.Reply{OK: true, Session: in.ID, Generation: in.Generation, State: in.State.String()}
}

// opAuthorize decides one tool call in the order of docs/broker-protocol.md
// "The authorize decision" and records it.
func (s *Server) opAuthorize(cs *connState, req *wire.Request) wire.Reply {
	s.nAuth.Add(1)
	rec := Record{Kind: KindGateDenied, Session: req.Session, Generation: req.Generation, Runtime: req.Runtime,
		Tool: req.Tool, Event: req.Event, AgentID: req.AgentID, AgentType: req.AgentType}
	if rec.Event == "" {
		rec.Event = "PreToolUse"
	}
	var d lease.Decision
	deny := func(code wire.Code, reason string) wire.Reply {
		s.nDeny.Add(1)
		rec.Code, rec.Reason = code, reason
		_ = s.audit.Write(rec)
		rep := wire.Reply{OK: true, Code: code, Error: string(code) + ": " + reason, Session: req.Session, Generation: d.Generation}
		if d.Generation != 0 {
			rep.State = d.State.String()
		}
		return rep
	}
	if req.Tool == "" {
		return deny(wire.CodeUnknownSession, "missing tool name")
	}
	if req.Session == "" {
		return deny(wire.CodeUnknownSession, "missing session identity")
	}
	m := s.metaOf(req.Session)
	if m == nil {
		return deny(wire.CodeUnknownSession, "no such session (a broker restart forgets every session)")
	}
	if !s.inSessionTree(cs, req.Session) {
		return deny(wire.CodeUnknownSession, fmt.Sprintf("the peer (pid %d) is outside the session's runtime tree", cs.peer.pid))
	}
	var evs []lease.Event
	d, evs = s.table.Authorize(req.Session, req.Generation, req.Runtime, req.Tool)
	s.logEvents(evs, nil)
	if d.Generation == 0 { // forgotten between the two looks
		return deny(wire.CodeUnknownSession, "no such session (a broker restart forgets every session)")
	}
	rec.Runtime, rec.Generation = d.Runtime, d.Generation
	if !d.Allow {
		return deny(d.Code, d.Reason)
	}
	if d.ShadowDeny != "" {
		w := rec
		w.Kind, w.Rule, w.Reason, w.Code = KindGateWouldDeny, RuleAllowList, d.ShadowDeny, wire.CodePolicyDenied
		_ = s.audit.Write(w)
	}
	if s.cfg.Policy != nil {
		call := Call{Runtime: d.Runtime, Tool: req.Tool, AgentType: req.AgentType, AgentID: req.AgentID,
			Session: req.Session, Cwd: req.Cwd, Input: req.ToolInput, Verified: d.State == lease.StateVerified,
			GateFiles: m.gateFiles}
		for _, pd := range s.cfg.Policy.Evaluate(call) {
			if pd.Shadow {
				w := rec
				w.Kind, w.Rule, w.Reason, w.Code = KindGateWouldDeny, pd.Rule, pd.Reason, wire.CodePolicyDenied
				_ = s.audit.Write(w)
				continue
			}
			rec.Rule = pd.Rule
			return deny(wire.CodePolicyDenied, fmt.Sprintf("rule %s: %s", pd.Rule, pd.Reason))
		}
	}
	rec.Kind = KindToolCall
	if s.mayRecord(m, KindToolCall) {
		_ = s.audit.Write(rec)
	}
	if err := s.audit.Err(); err != nil {
		return deny(wire.CodeGateUnavailable, "audit log unwritable, failing closed: "+err.Error())
	}
	s.nAllow.Add(1)
	return wire.Reply{OK: true, Allow: true, Session: req.Session, Generation: d.Generation, State: d.State.String(),
		ExpiresIn: d.ExpiresIn.Seconds()}
}

// metaOf returns a session's broker-side record, nil if unknown.
func (s *Server) metaOf(id string) *sessionMeta {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return s.meta[id]
}

// mayRecord reports whether one more record of kind may be written for
// the session, counting the ones it drops.
func (s *Server) mayRecord(m *sessionMeta, kind string) bool {
	if m == nil {
		return true
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	n, dropped := &m.toolCalls, &m.droppedCalls
	if kind == KindFileTouch {
		n, dropped = &m.fileTouches, &m.droppedTouch
	}
	if s.cfg.ToolCallCap > 0 && *n >= s.cfg.ToolCallCap {
		*dropped++
		return false
	}
	*n++
	return true
}

// opCompact revokes the lease after a compaction.
func (s *Server) opCompact(cs *connState, req *wire.Request) wire.Reply {
	if rep, ok := s.sessionPeer(cs, req.Session); !ok {
		return rep
	}
	reason := req.Reason
	if reason == "" {
		reason = "compaction"
	}
	in, evs, err := s.table.Revoke(req.Session, reason)
	if err != nil {
		return fail(wire.CodeUnknownSession, "%v", err)
	}
	s.logEvents(evs, nil)
	return wire.Reply{OK: true, Session: in.ID, Generation: in.Generation, State: in.State.String()}
}

// touchedPaths extracts the file paths a tool input names.
func touchedPaths(input json.RawMessage) []string {
	if len(input) == 0 {
		return nil
	}
	var v map[string]json.RawMessage
	if json.Unmarshal(input, &v) != nil {
		return nil
	}
	var out []string
	for _, k := range []string{"file_path", "notebook_path", "path"} {
		var p string
		if raw, ok := v[k]; ok && json.Unmarshal(raw, &p) == nil && p != "" {
			out = append(out, p)
		}
	}
	return out
}

// opTap records PostToolUse telemetry.
func (s *Server) opTap(cs *connState, req *wire.Request) wire.Reply {
	if rep, ok := s.sessionPeer(cs, req.Session); !ok {
		return rep
	}
	in, _ := s.table.Get(req.Session)
	rec := Record{Kind: KindToolCall, Session: req.Session, Generation: in.Generation, Runtime: in.Runtime,
		Tool: req.Tool, Event: req.Event, AgentID: req.AgentID, AgentType: req.AgentType}
	if rec.Event == "" {
		rec.Event = "PostToolUse"
	}
	m := s.metaOf(req.Session)
	if s.mayRecord(m, KindToolCall) {
		_ = s.audit.Write(rec)
	}
	for _, p := range touchedPaths(req.ToolInput) {
		if s.mayRecord(m, KindFileTouch) {
			r := rec
			r.Kind, r.Path = KindFileTouch, p
			_ = s.audit.Write(r)
		}
	}
	return wire.Reply{OK: true, Session: in.ID, Generation: in.Generation, State: in.State.String()}
}
