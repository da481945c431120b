package leasebroker

import (
	"context"
	"errors"

	"github.com/leasegate/leasegate/lease/wire"
)

// callOperator is call for begin-verification and promote: it goes over
// the broker's operator socket (wire.DialOperator), which no process in
// a confined runtime's Landlock domain can reach.
func (g *globalOptions) callOperator(req wire.Request) (wire.Reply, error) {
	path, err := g.socket()
	if err != nil {
		return wire.Reply{}, err
	}
	ctx, cancel := context.WithTimeout(context.Background(), g.Timeout)
	defer cancel()
	c, err := wire.DialOperator(ctx, path)
	if errors.Is(err, wire.ErrOperatorSocket) {
		return wire.Reply{}, exitf(ExitUnavailable, "%v", err)
	}
	if err != nil {
		return wire.Reply{}, exitf(ExitUnavailable, "no broker at %s (start one with `lease-broker serve`): %v", path, err)
	}
	defer c.Close()
	rep, err := c.Do(ctx, req)
	if err != nil {
		return wire.Reply{}, exitf(ExitUnavailable, "%v", err)
	}
	if !rep.OK {
		return rep, exitf(ExitFailed, "%s: %s", rep.Code, rep.Error)
	}
	return rep, nil
}
