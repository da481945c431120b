package leasebroker

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/spf13/cobra"

	"github.com/leasegate/leasegate/lease/broker"
	"github.com/leasegate/leasegate/lease/wire"
)

// StopOptions are the flags of `stop`.
type StopOptions struct {
	IO     *IO
	Global *globalOptions
}

// NewCmdStop builds `stop`: ask the broker, over its operator socket
// (whose PID is checked to be the broker's), to stop, then wait until its
// path socket no longer answers.
//
// Exit: 0 stopped; 1 refused (PEER_REFUSED: from inside an agent, or the
// verifier uid) or still answering after --timeout; 3 no broker answers
// (nothing to stop).
func NewCmdStop(ios *IO, g *globalOptions, runF func(*StopOptions) error) *cobra.Command {
	o := &StopOptions{IO: ios, Global: g}
	return &cobra.Command{
		Use:   "stop",
		Short: "Stop the broker cleanly (every lease is forgotten)",
		Long: `Stop the broker cleanly: it writes a broker.stopped audit record, removes
its socket and exits 0; every lease is forgotten, so every session's next
tool call is denied until its agent is started again through launch-runtime.

Exit status: 0 stopped; 1 refused (from inside an agent, or by the verifier
uid) or still answering after --timeout; 2 bad command line; 3 no broker
answers (nothing to stop).`,
		Args: cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error {
			if runF != nil {
				return runF(o)
			}
			return runStop(o)
		},
	}
}

func runStop(o *StopOptions) error {
	rep, err := o.Global.callOperator(wire.Request{Op: wire.OpStop})
	if err != nil {
		return err
	}
	var info broker.StopInfo
	if err := json.Unmarshal(rep.Data, &info); err != nil {
		return exitf(ExitFailed, "malformed stop reply: %v", err)
	}
	path, err := o.Global.socket()
	if err != nil {
		return err
	}
	deadline := time.Now().Add(o.Global.Timeout)
	for {
		ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
		c, err := wire.Dial(ctx, path)
		cancel()
		if err != nil {
			break
		}
		c.Close()
		if time.Now().After(deadline) {
			return exitf(ExitFailed, "broker pid %d accepted stop but %s still answers after %s; check `lease-broker status`", info.PID, path, o.Global.Timeout)
		}
		time.Sleep(20 * time.Millisecond)
	}
	fmt.Fprintf(o.IO.Out, "stopped broker pid %d on %s (%d sessions forgotten)\n", info.PID, path, info.Sessions)
	return nil
}
