package main

import (
	"bytes"
	"context"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

func TestCPUTicks(t *testing.T) {
	// A command name with spaces and a ')' of its own: fields are counted
	// from the last ')'.
	stat := "4242 (my (odd) name) S 1 4242 4242 0 -1 4194560 1000 0 0 0 1234 567 0 0 20 0 9 0 100 1000000 2000 18446744073709551615\n"
	got, err := cpuTicks([]byte(stat))
	if err != nil || got != 1234+567 {
		t.Fatalf("cpuTicks = %d, %v; want %d", got, err, 1234+567)
	}
	for _, bad := range []string{"", "1 (x) S 1 2 3", "1 (x) S 1 2 3 4 5 6 7 8 9 10 u 5 0"} {
		if _, err := cpuTicks([]byte(bad)); err == nil {
			t.Errorf("cpuTicks(%q): no error", bad)
		}
	}
	// This process's own line parses.
	if ns, err := procCPU(os.Getpid()); err != nil || ns < 0 {
		t.Fatalf("procCPU(self) = %d, %v", ns, err)
	}
}

func TestStatusKB(t *testing.T) {
	status := "Name:\tserver\nVmPeak:\t  900 kB\nVmHWM:\t   20480 kB\nVmRSS:\t   10240 kB\nThreads:\t7\n"
	for key, want := range map[string]int64{"VmHWM": 20480 << 10, "VmRSS": 10240 << 10} {
		if got, err := statusKB([]byte(status), key); err != nil || got != want {
			t.Errorf("statusKB(%s) = %d, %v; want %d", key, got, err, want)
		}
	}
	for _, key := range []string{"VmSwap", "Threads"} {
		if _, err := statusKB([]byte(status), key); err == nil {
			t.Errorf("statusKB(%s): no error", key)
		}
	}
	if hwm, err := procMem(os.Getpid(), "VmHWM"); err != nil || hwm <= 0 {
		t.Fatalf("procMem(self, VmHWM) = %d, %v", hwm, err)
	}
}

func TestParseAllocs(t *testing.T) {
	o, b, err := parseAllocs([]byte("/gc/heap/allocs:objects 12\n/gc/heap/allocs:bytes 3400\n/gc/cycles/total:gc-cycles 2\n"))
	if err != nil || o != 12 || b != 3400 {
		t.Fatalf("parseAllocs = %d, %d, %v", o, b, err)
	}
	for _, bad := range []string{"", "/gc/heap/allocs:objects 12\n", "/gc/heap/allocs:objects x\n/gc/heap/allocs:bytes 1\n"} {
		if _, _, err := parseAllocs([]byte(bad)); err == nil {
			t.Errorf("parseAllocs(%q): no error", bad)
		}
	}
}

func TestWindowArithmetic(t *testing.T) {
	t0 := time.Unix(100, 0)
	a := snapshot{at: t0, cpuNS: 1e9, objects: 1000, bytes: 50000, requests: 10}
	b := snapshot{at: t0.Add(2 * time.Second), cpuNS: 1.5e9, objects: 6000, bytes: 550000, requests: 10010}
	w := between(a, b)
	if w.requests != 10000 || w.wall != 2*time.Second {
		t.Fatalf("between = %+v", w)
	}
	for name, c := range map[string][2]float64{
		"perSecond": {w.perSecond(), 5000},
		"cpuMicros": {w.cpuMicros(), 50},
		"allocsPer": {w.allocsPer(), 0.5},
		"bytesPer":  {w.bytesPer(), 50},
	} {
		if c[0] != c[1] {
			t.Errorf("%s = %v, want %v", name, c[0], c[1])
		}
	}
	if z := (window{}); z.perSecond() != 0 || z.cpuMicros() != 0 {
		t.Errorf("an empty window divides by zero: %v %v", z.perSecond(), z.cpuMicros())
	}
	if m := median([]float64{3, 1, 2}); m != 2 {
		t.Errorf("median odd = %v", m)
	}
	xs := []float64{4, 1, 3, 2}
	if m := median(xs); m != 2.5 || xs[0] != 4 {
		t.Errorf("median even = %v (input now %v)", m, xs)
	}
	if median(nil) != 0 || ratio(1, 0) != 0 || times(1, 0) != "" || times(3, 2) != "1.50×" {
		t.Error("zero cases")
	}
	var md bytes.Buffer
	rs := []*result{
		{server: "ours", windows: []window{w, w, {requests: 1, wall: time.Second, cpuNS: 1e6}}, checks: newChecks()},
		{server: "floor", windows: []window{{requests: 100, wall: time.Second, cpuNS: 2.5e6}}},
	}
	writeMarkdown(&md, "small", rs)
	if !strings.Contains(md.String(), "| ours | 5000 | 50.0 | 2.00× |") {
		t.Errorf("markdown row of ours (median of 3 rounds, 2× the floor's 25 µs):\n%s", md.String())
	}
	if row := tsvRow("small", "ours", 1, w); row != "small\tours\t1\t10000\t2.000\t50.00\t0.5\t50\t5000\n" {
		t.Errorf("tsvRow = %q", row)
	}
}

func TestChecks(t *testing.T) {
	want := answer{status: 200, body: []byte(`{"data":{}}`)}
	c := newChecks()
	c.check("q", want, 200, []byte(`{"data":{}}`), nil)
	c.check("q", want, 200, []byte(`{"data":{} }`), nil)
	c.check("q", want, 422, []byte(`{"data":{}}`), nil)
	c.check("r", want, 200, []byte(`{"data":{}}`), nil)
	if c.failed() != 2 || c.total["q"] != 3 || c.bad["r"] != 0 {
		t.Fatalf("failed %d, totals %v, bad %v", c.failed(), c.total, c.bad)
	}
	if !strings.Contains(c.first["q"], `{} }`) {
		t.Errorf("first difference kept: %q", c.first["q"])
	}
	var out bytes.Buffer
	writeDifferences(&out, "small", []*result{{server: "upstream", checks: c}})
	if !strings.Contains(out.String(), `small, upstream, "q": 2 of 3 answers differ`) {
		t.Errorf("differences:\n%s", out.String())
	}
}

// TestFloorFile: every field of every line unquotes to what was recorded,
// in the six-field layout the server's -floor flag reads.
func TestFloorFile(t *testing.T) {
	l := loads[1]
	answers := map[string]answer{}
	for i, r := range l.requests {
		answers[r.name] = answer{status: 200 + i, header: http.Header{"Content-Type": {"application/json"}},
			body: []byte("{\"n\":" + strconv.Itoa(i) + ",\"s\":\"tab\\t<\u2028>\"}\n")}
	}
	lines := strings.Split(strings.TrimSuffix(string(floorFile(l, answers)), "\n"), "\n")
	if len(lines) != len(l.requests) {
		t.Fatalf("%d lines for %d requests", len(lines), len(l.requests))
	}
	for i, line := range lines {
		f := strings.Split(line, "\t")
		if len(f) != 6 {
			t.Fatalf("line %d: %d fields", i, len(f))
		}
		var got []string
		for _, q := range f {
			s, err := strconv.Unquote(q)
			if err != nil {
				t.Fatalf("line %d: %v", i, err)
			}
			got = append(got, s)
		}
		r, a := l.requests[i], answers[l.requests[i].name]
		want := []string{r.method, r.query, r.body, strconv.Itoa(a.status), "Content-Type: application/json", string(a.body)}
		for k := range want {
			if got[k] != want[k] {
				t.Errorf("line %d field %d = %q, want %q", i, k, got[k], want[k])
			}
		}
	}
}

func TestBigDocument(t *testing.T) {
	for _, n := range []int{6, 7, 1000} {
		d := bigDocument(n)
		// Every token of the document is a brace or a name between spaces.
		if got := len(strings.Fields(d)); got != n {
			t.Errorf("bigDocument(%d) has %d tokens", n, got)
		}
	}
}

// TestSmoke runs the whole tool briefly: both generators, the three
// servers, one short round per load, the profiles and a small big query.
// Skipped under -short; it needs the Go module proxy for upstream (set
// COST_SMOKE_SERVERS=ours,floor to leave upstream out).
func TestSmoke(t *testing.T) {
	if testing.Short() {
		t.Skip("builds three servers and loads them: not under -short")
	}
	servers := "ours,upstream,floor"
	if s := os.Getenv("COST_SMOKE_SERVERS"); s != "" {
		servers = s
	}
	out := t.TempDir()
	c := config{rounds: 1, duration: time.Second, warmup: 200 * time.Millisecond, clients: 4, out: out,
		work: t.TempDir(), upstream: "v0.17.98", servers: split(servers), loads: []string{"small", "mixed"},
		profile: true, bigTokens: 10000, bigTimeout: time.Minute, bigSides: []string{"ours"}}
	var log bytes.Buffer
	ok, err := measure(context.Background(), c, &log)
	if err != nil || !ok {
		t.Fatalf("measure: ok %v, err %v\n%s", ok, err, log.String())
	}
	md, err := os.ReadFile(filepath.Join(out, "report.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range append(c.servers, "### small", "### mixed", "one query of 10000 tokens", "| ours | yes |") {
		if !bytes.Contains(md, []byte(want)) {
			t.Errorf("report.md has no %q:\n%s", want, md)
		}
	}
	for _, f := range []string{"rounds.tsv", "small-ours-cpu.pb.gz", "mixed-ours-allocs-after.pb.gz", "mixed-ours-allocs-top.txt"} {
		if st, err := os.Stat(filepath.Join(out, f)); err != nil || st.Size() == 0 {
			t.Errorf("%s: %v", f, err)
		}
	}
}
