package broker

import (
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"
)

func TestAuditRotation(t *testing.T) {
	path := filepath.Join(t.TempDir(), "audit.jsonl")
	a, err := OpenAudit(path, 1000, 2)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	for i := 0; i < 100; i++ {
		if err := a.Write(Record{Kind: KindToolCall, Session: "s", Tool: "T" + strconv.Itoa(i)}); err != nil {
			t.Fatal(err)
		}
	}
	for _, p := range []string{path, path + ".1", path + ".2"} {
		st, err := os.Stat(p)
		if err != nil || st.Size() > 1000 || st.Size() == 0 {
			t.Fatalf("%s: %v %v", p, st, err)
		}
		if st.Mode().Perm() != 0o600 {
			t.Errorf("%s mode %o", p, st.Mode().Perm())
		}
	}
	if _, err := os.Stat(path + ".3"); !os.IsNotExist(err) {
		t.Fatalf("kept more than 2 rotated files: %v", err)
	}
	recs, skipped, err := ReadEvents(path, 2, Filter{})
	if err != nil || skipped != 0 {
		t.Fatal(err, skipped)
	}
	// Oldest first, contiguous, ending with the last record written.
	if len(recs) < 10 || recs[len(recs)-1].Tool != "T99" {
		t.Fatalf("%d records, last %+v", len(recs), recs[len(recs)-1])
	}
	first, _ := strconv.Atoi(recs[0].Tool[1:])
	for i, r := range recs {
		if r.Tool != "T"+strconv.Itoa(first+i) {
			t.Fatalf("record %d is %s, want T%d", i, r.Tool, first+i)
		}
	}
}

func TestReadEventsFilters(t *testing.T) {
	path := filepath.Join(t.TempDir(), "audit.jsonl")
	a, _ := OpenAudit(path, 0, 0)
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	for i, k := range []string{KindLeaseRegistered, KindToolCall, KindGateDenied, KindToolCall, KindLeaseRevoked} {
		sess := "a"
		if i%2 == 1 {
			sess = "b"
		}
		a.Write(Record{Time: t0.Add(time.Duration(i) * time.Minute), Kind: k, Session: sess})
	}
	a.Close()
	// A torn line from an older writer is skipped, not fatal.
	f, _ := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	f.WriteString(`{"time":"2026-01-01T00:09:00Z","ki`)
	f.Close()
	for _, tc := range []struct {
		f    Filter
		want int
	}{
		{Filter{}, 5},
		{Filter{Session: "b"}, 2},
		{Filter{Kind: KindToolCall}, 2},
		{Filter{Kind: KindToolCall, Session: "a"}, 0},
		{Filter{Since: t0.Add(2 * time.Minute)}, 3},
		{Filter{Limit: 2}, 2},
	} {
		recs, skipped, err := ReadEvents(path, 0, tc.f)
		if err != nil || len(recs) != tc.want || skipped != 1 {
			t.Errorf("%+v: %d records (%d skipped), want %d: %v", tc.f, len(recs), skipped, tc.want, err)
		}
	}
}

func TestReadProcStat(t *testing.T) {
	self, err := readProcStat(os.Getpid())
	if err != nil || self.ppid != os.Getppid() || self.start == 0 {
		t.Fatalf("own stat %+v %v", self, err)
	}
	chain, err := ancestry(os.Getpid())
	if err != nil || len(chain) < 2 || chain[1].pid != os.Getppid() {
		t.Fatalf("ancestry %+v %v", chain, err)
	}
	for i := 1; i < len(chain); i++ {
		if chain[i].start > chain[i-1].start {
			t.Fatalf("parent younger than child in %+v", chain)
		}
	}
	short, err := walkUp(self, func(st procStat) bool { return st.pid == os.Getppid() })
	if err != nil || len(short) != 2 || short[1].pid != os.Getppid() {
		t.Fatalf("walk stopping at the parent: %+v %v", short, err)
	}
	// A parent that does not exist ends the walk; it is not an error.
	orphan := procStat{pid: self.pid, ppid: 1 << 30, start: self.start}
	if c, err := walkUp(orphan, nil); err != nil || len(c) != 1 {
		t.Fatalf("walk from a process whose parent is gone: %+v %v", c, err)
	}
}
