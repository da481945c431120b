package broker_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leasegate/leasegate/lease/broker"
	"github.com/leasegate/leasegate/lease/wire"
)

// TestOperatorSocket: a session registered as confined for abstract
// sockets is verified over the operator socket only; an unconfined one
// still on the path socket; the operator socket serves nothing else.
func TestOperatorSocket(t *testing.T) {
	srv := startBroker(t, broker.Config{})
	sock := srv.Addr()
	st := status(t, sock)
	require.NotEmpty(t, st.OperatorSocket, st.OperatorSocketError)

	t.Setenv("LGTEST_CONFINEMENT", "landlock-abi7:fs-write,signal,abstract-unix-socket")
	confined := startRuntime(t, sock, "claude")
	t.Setenv("LGTEST_CONFINEMENT", "off")
	plain := startRuntime(t, sock, "claude")

	rep := call(t, sock, wire.Request{Op: wire.OpBeginVerification, Session: confined.Session, Generation: confined.Gen})
	assert.Equal(t, wire.CodePeerRefused, rep.Code, rep.Error)
	rep = call(t, sock, wire.Request{Op: wire.OpBeginVerification, Session: plain.Session, Generation: plain.Gen})
	assert.True(t, rep.OK, rep.Error)

	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	c, err := wire.DialOperator(ctx, sock)
	require.NoError(t, err)
	defer c.Close()
	rep, err = c.Do(ctx, wire.Request{Op: wire.OpBeginVerification, Session: confined.Session, Generation: confined.Gen})
	require.NoError(t, err)
	assert.True(t, rep.OK, rep.Error)
	assert.NotEmpty(t, rep.Token)
	rep, err = c.Do(ctx, wire.Request{Op: wire.OpRevoke, Session: confined.Session})
	require.NoError(t, err)
	assert.Equal(t, wire.CodePeerRefused, rep.Code, "the operator socket serves verification and status only")

	// lease.registered records each session's confinement, "off" included.
	var confs []string
	for _, r := range readAudit(t, srv.AuditPath()) {
		if r.Kind == broker.KindLeaseRegistered {
			confs = append(confs, r.Confinement)
		}
	}
	assert.ElementsMatch(t, []string{"landlock-abi7:fs-write,signal,abstract-unix-socket", "off"}, confs)
}

func TestConfinedFor(t *testing.T) {
	for _, tc := range []struct {
		conf, p string
		want    bool
	}{
		{"landlock-abi7:fs-write,signal,abstract-unix-socket", wire.ConfineAbstract, true},
		{"landlock-abi5:fs-write", wire.ConfineAbstract, false},
		{"landlock-abi5:fs-write", wire.ConfineFS, true},
		{"off", wire.ConfineFS, false},
		{"none", wire.ConfineSignal, false},
		{"x:abstract-unix-socket", wire.ConfineAbstract, false},
	} {
		assert.Equal(t, tc.want, wire.ConfinedFor(tc.conf, tc.p), tc.conf)
	}
}
