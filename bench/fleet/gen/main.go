// Command gen writes N audit logs of M records each, as N brokers would,
// for bench/fleet/run.sh.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/leasegate/leasegate/lease/broker"
)

func main() {
	dir := flag.String("dir", "", "output folder")
	hosts := flag.Int("hosts", 20, "logs to write")
	events := flag.Int("events", 10000, "records per log")
	flag.Parse()
	for h := 0; h < *hosts; h++ {
		a, err := broker.OpenAudit(filepath.Join(*dir, fmt.Sprintf("host%02d.jsonl", h)), 1<<40, 3)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		for i := 0; i < *events; i++ {
			s := fmt.Sprintf("s%d", i/500)
			r := broker.Record{Kind: broker.KindToolCall, Session: s, Generation: 1, Runtime: "claude", Tool: "Read", Event: "PreToolUse"}
			switch i % 10 {
			case 0:
				r = broker.Record{Kind: broker.KindLeaseRegistered, Session: s, Runtime: "claude", PID: 1000 + i}
			case 3:
				r = broker.Record{Kind: broker.KindGateDenied, Session: s, Generation: 1, Tool: "Bash", Code: "POLICY_DENIED", Rule: "force-push", Reason: "git push --force"}
			case 6:
				r = broker.Record{Kind: broker.KindGateWouldDeny, Session: s, Generation: 1, Tool: "Bash", Rule: "trial-curl", Reason: "curl | sh"}
			case 8:
				r = broker.Record{Kind: broker.KindFileTouch, Session: s, Generation: 1, Tool: "Edit", Path: "/work/src/main.go"}
			}
			if err := a.Write(r); err != nil {
				fmt.Fprintln(os.Stderr, err)
				os.Exit(1)
			}
		}
		a.Close()
	}
}
