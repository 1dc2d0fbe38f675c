package benchmark_test

import (
	"strings"
	"testing"
)

// TestIngestErrorPaths: an input field that fails to unmarshal names its
// place in the arguments, list index included, though the generated code
// shares one path position among a list's elements and one among an input
// object's fields. Each record in turn is the bad one, after good ones
// (whose positions were used before), and a bad record's other fields are
// read before and after the bad one.
func TestIngestErrorPaths(t *testing.T) {
	x := newExchange(payloadServer())
	for bad := range 3 {
		records := make([]string, 3)
		for i := range records {
			attrs := `{"k":1}`
			if i == bad {
				attrs = `5`
			}
			records[i] = `{"id":"R","name":"n","attrs":` + attrs + `}`
		}
		x.do([]byte(`{"query":"mutation($r: [RecordInput!]!) { ingest(records: $r) { records } }","variables":{"r":[` +
			strings.Join(records, ",") + `]}}`))
		want := `"path":["ingest","records",` + string(rune('0'+bad)) + `,"attrs"]`
		if !strings.Contains(string(x.w.buf), want) {
			t.Errorf("record %d bad: response %s; want an error with %s", bad, x.w.buf, want)
		}
		if testing.Verbose() {
			t.Logf("%s", x.w.buf)
		}
	}
}
