package graphql

import (
	"strings"
	"sync/atomic"
	"testing"
)

func TestNewDataResponse(t *testing.T) {
	var hint atomic.Int64
	small := MarshalString("x")
	resp := NewDataResponse(small, &hint)
	if string(resp.Data) != `"x"` || hint.Load() != 3 {
		t.Fatalf("data %s, hint %d", resp.Data, hint.Load())
	}
	if n := testing.AllocsPerRun(100, func() { NewDataResponse(small, &hint) }); n != 1 {
		t.Errorf("small data: %v allocations, want 1 (response and bytes together)", n)
	}
	// Data larger than the inline room, then a hint that says so.
	long := MarshalString(strings.Repeat("y", 3*smallData))
	for range 2 {
		resp = NewDataResponse(long, &hint)
		if len(resp.Data) != 3*smallData+2 || int(hint.Load()) != len(resp.Data) {
			t.Fatalf("data of %d bytes, hint %d", len(resp.Data), hint.Load())
		}
	}
	if n := testing.AllocsPerRun(100, func() { NewDataResponse(long, &hint) }); n != 2 {
		t.Errorf("large data: %v allocations, want 2 (response, buffer of the hinted size)", n)
	}
}
