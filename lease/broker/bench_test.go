package broker_test

import (
	"context"
	"fmt"
	"os"
	"slices"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/leasegate/leasegate/lease/broker"
	"github.com/leasegate/leasegate/lease/wire"
)

// cpuTime returns the user+system CPU time this process has used.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkAuthorizeSocket measures authorizations over the real socket
// with 1, 8 and 64 concurrent clients (one connection each), for an allowed
// read and for a denied mutator (which writes a gate.denied audit line).
// It reports decisions/s and per-call p50/p99 latency.
func BenchmarkAuthorizeSocket(b *testing.B) {
	for _, tool := range []string{"Read", "Bash"} {
		for _, clients := range []int{1, 8, 64} {
			b.Run(fmt.Sprintf("tool=%s/clients=%d", tool, clients), func(b *testing.B) {
				srv := startBroker(b, broker.Config{})
				ctx := context.Background()
				reg := call(b, srv.Addr(), wire.Request{Op: wire.OpRegister, Runtime: "claude", PID: os.Getpid()})
				conns := make([]*wire.Client, clients)
				for i := range conns {
					c, err := wire.Dial(ctx, srv.Addr())
					if err != nil {
						b.Fatal(err)
					}
					defer c.Close()
					conns[i] = c
				}
				req := wire.Request{Op: wire.OpAuthorize, Session: reg.Session, Generation: 1, Tool: tool}
				lat := make([][]time.Duration, clients)
				cpu0 := cpuTime()
				b.ResetTimer()
				var wg sync.WaitGroup
				for i, c := range conns {
					n := b.N / clients
					if i < b.N%clients {
						n++
					}
					wg.Add(1)
					go func() {
						defer wg.Done()
						mine := make([]time.Duration, 0, n)
						for j := 0; j < n; j++ {
							t0 := time.Now()
							rep, err := c.Do(ctx, req)
							mine = append(mine, time.Since(t0))
							if err != nil || rep.Allow != (tool == "Read") {
								b.Error(err, rep)
								return
							}
						}
						lat[i] = mine
					}()
				}
				wg.Wait()
				b.StopTimer()
				cpu := cpuTime() - cpu0
				all := slices.Concat(lat...)
				slices.Sort(all)
				if len(all) > 0 {
					b.ReportMetric(float64(all[len(all)/2].Microseconds()), "p50-µs")
					b.ReportMetric(float64(all[len(all)*99/100].Microseconds()), "p99-µs")
				}
				b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "decisions/s")
				// Decisions per CPU-second of this process (broker and
				// clients together): a figure that does not depend on how
				// busy the machine is; a dedicated 2-core machine can reach
				// up to twice it.
				b.ReportMetric(float64(b.N)/cpu.Seconds(), "decisions/cpu-s")
			})
		}
	}
}

// BenchmarkAuthorizeFreshConn is what the hook does: one connection per
// call, so every call pays the dial, the peer credential read and one
// /proc ancestry walk.
func BenchmarkAuthorizeFreshConn(b *testing.B) {
	srv := startBroker(b, broker.Config{})
	ctx := context.Background()
	reg := call(b, srv.Addr(), wire.Request{Op: wire.OpRegister, Runtime: "claude", PID: os.Getpid()})
	req := wire.Request{Op: wire.OpAuthorize, Session: reg.Session, Generation: 1, Tool: "Read"}
	cpu0 := cpuTime()
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			c, err := wire.Dial(ctx, srv.Addr())
			if err != nil {
				b.Error(err)
				return
			}
			rep, err := c.Do(ctx, req)
			c.Close()
			if err != nil || !rep.Allow {
				b.Error(err, rep)
				return
			}
		}
	})
	b.StopTimer()
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "decisions/s")
	b.ReportMetric(float64(b.N)/(cpuTime()-cpu0).Seconds(), "decisions/cpu-s")
}
