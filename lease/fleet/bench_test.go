package fleet_test

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/leasegate/leasegate/lease/broker"
	"github.com/leasegate/leasegate/lease/fleet"
	"github.com/leasegate/leasegate/lease/fleet/pgtest"
	"github.com/leasegate/leasegate/lease/wire"
)

// BenchmarkDecisionWhileShipping measures a denied authorization over the
// real socket (each writes a gate.denied record) with no shipper, with a
// shipper whose database refuses connections (backing off), and with a
// shipper draining into a live database: the gate's latency must not
// depend on the database. Compare the three in one run.
func BenchmarkDecisionWhileShipping(b *testing.B) {
	var live *pgtest.Cluster
	for _, mode := range []string{"none", "db-down", "db-up"} {
		b.Run("shipper="+mode, func(b *testing.B) {
			dir := b.TempDir()
			sockDir, err := os.MkdirTemp("", "lgb")
			if err != nil {
				b.Fatal(err)
			}
			defer os.RemoveAll(sockDir)
			audit := filepath.Join(dir, "audit.jsonl")
			srv, err := broker.Listen(broker.Config{Socket: filepath.Join(sockDir, "s", "b.sock"), AuditPath: audit, VerifierUID: broker.NoVerifier})
			if err != nil {
				b.Fatal(err)
			}
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			go srv.Serve(ctx)
			defer srv.Close()
			switch mode {
			case "db-down":
				cfg, _ := fleet.ConnConfig("postgres://u:p@127.0.0.1:1/x?connect_timeout=1", "")
				go (&fleet.Shipper{Audit: audit, Host: "b", DB: cfg, Poll: 10 * time.Millisecond}).Run(ctx)
			case "db-up":
				if live == nil {
					live = pgtest.Start(b)
					cfg, _ := fleet.ConnConfig(live.URL(), "")
					c, err := fleet.Connect(ctx, cfg)
					if err != nil {
						b.Fatal(err)
					}
					if _, err := fleet.Migrate(ctx, c); err != nil {
						b.Fatal(err)
					}
					c.Close(ctx)
				}
				cfg, _ := fleet.ConnConfig(live.URL(), "")
				go (&fleet.Shipper{Audit: audit, Host: "b-" + b.Name(), DB: cfg, Poll: 10 * time.Millisecond}).Run(ctx)
			}
			c, err := wire.Dial(ctx, srv.Addr())
			if err != nil {
				b.Fatal(err)
			}
			defer c.Close()
			reg, err := c.Do(ctx, wire.Request{Op: wire.OpRegister, Runtime: "claude", PID: os.Getpid()})
			if err != nil || !reg.OK {
				b.Fatal(err, reg)
			}
			req := wire.Request{Op: wire.OpAuthorize, Session: reg.Session, Generation: 1, Tool: "Bash"}
			lat := make([]time.Duration, 0, b.N)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				t0 := time.Now()
				rep, err := c.Do(ctx, req)
				lat = append(lat, time.Since(t0))
				if err != nil || rep.Allow {
					b.Fatal(err, rep)
				}
			}
			b.StopTimer()
			slices.Sort(lat)
			b.ReportMetric(float64(lat[len(lat)/2].Microseconds()), "p50-µs")
			b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds()), "p99-µs")
		})
	}
}
