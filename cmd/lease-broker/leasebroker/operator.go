package leasebroker

import (
	"github.com/leasegate/leasegate/lease/wire"
)

// callOperator is call for begin-verification and promote: it goes over
// the broker's operator socket (wire.DialOperator), which no process in
// a confined runtime's Landlock domain can reach.
func (g *globalOptions) callOperator(req wire.Request) (wire.Reply, error) {
	return g.callVia(req, wire.DialOperator)
}
