package codec_test

import (
	"encoding/json"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/99designs/gqlgen/codec"
	"github.com/99designs/gqlgen/codec/codectest"
	"github.com/99designs/gqlgen/internal/builtinjson"
)

// countingCodec is a codec a program could bring: encoding/json (through
// codec.Std, which keeps the Codec contract) with a count of every call. It
// has the three methods of Codec and none of the optional abilities, so
// installing it exercises the package's generic fallbacks.
type countingCodec struct {
	marshal, unmarshal atomic.Int64
}

func (*countingCodec) Name() string { return "counting encoding/json" }

func (c *countingCodec) Marshal(v any) ([]byte, error) {
	c.marshal.Add(1)
	return codec.Std.Marshal(v)
}

func (c *countingCodec) Unmarshal(data []byte, v any) error {
	c.unmarshal.Add(1)
	return codec.Std.Unmarshal(data, v)
}

// install puts c in place for the rest of the test.
func install(t *testing.T, c codec.Codec) {
	t.Helper()
	codec.Use(c)
	t.Cleanup(func() { codec.Use(nil) })
}

func TestUseRoutesPackageFunctions(t *testing.T) {
	builtin := codec.Name()
	c := &countingCodec{}
	install(t, c)

	if got := codec.Name(); got != "counting encoding/json" {
		t.Fatalf("Name() = %q after Use", got)
	}
	if !builtinjson.Custom() {
		t.Fatal("the built-in untyped paths do not know a codec is installed")
	}

	out, err := codec.Marshal(map[string]any{"b": 1, "a": "<x>"})
	if err != nil || string(out) != `{"a":"\u003cx\u003e","b":1}` {
		t.Fatalf("Marshal = %s, %v", out, err)
	}
	if n := c.marshal.Load(); n != 1 {
		t.Fatalf("Marshal calls = %d; want 1", n)
	}

	var v any
	if err := codec.Unmarshal([]byte(`{"n":12345678901234567890}`), &v); err != nil {
		t.Fatal(err)
	}
	if n, ok := v.(map[string]any)["n"].(json.Number); !ok || n != "12345678901234567890" {
		t.Fatalf("Unmarshal gave %#v; want a json.Number", v)
	}
	if n := c.unmarshal.Load(); n != 1 {
		t.Fatalf("Unmarshal calls = %d; want 1", n)
	}

	// AppendMarshal falls back to Marshal: the codec has no Appender.
	app, err := codec.AppendMarshal([]byte("x="), []int{1, 2})
	if err != nil || string(app) != "x=[1,2]" {
		t.Fatalf("AppendMarshal = %s, %v", app, err)
	}
	if n := c.marshal.Load(); n != 2 {
		t.Fatalf("Marshal calls after AppendMarshal = %d; want 2", n)
	}

	// An untyped tree goes to the installed codec too.
	var m map[string]any
	if err := codec.Unmarshal([]byte(`{"a":[1]}`), &m); err != nil {
		t.Fatal(err)
	}
	if n := c.unmarshal.Load(); n != 2 {
		t.Fatalf("Unmarshal calls after an untyped one = %d; want 2", n)
	}

	// AppendQuote falls back to encoding/json's escaping: no Quoter.
	if got := string(codec.AppendQuote(nil, "a<\u2028\xff")); got != `"a\u003c\u2028\ufffd"` {
		t.Fatalf("AppendQuote = %s", got)
	}

	codec.Use(nil)
	if got := codec.Name(); got != builtin {
		t.Fatalf("Name() = %q after Use(nil); want %q", got, builtin)
	}
	if builtinjson.Custom() {
		t.Fatal("the built-in untyped paths still stand aside after Use(nil)")
	}
	if _, err := codec.Marshal(1); err != nil {
		t.Fatal(err)
	}
	if err := codec.Unmarshal([]byte(`1`), new(int)); err != nil {
		t.Fatal(err)
	}
	if c.marshal.Load() != 2 || c.unmarshal.Load() != 2 {
		t.Fatalf("the uninstalled codec was still called: Marshal %d, Unmarshal %d", c.marshal.Load(), c.unmarshal.Load())
	}
}

// A capability the codec has is used by the package-level helpers.
type quotingCodec struct {
	countingCodec
	quotes atomic.Int64
}

func (q *quotingCodec) AppendQuote(dst []byte, s string) []byte {
	q.quotes.Add(1)
	return codec.Std.(codec.Quoter).AppendQuote(dst, s)
}

func TestUseCapabilities(t *testing.T) {
	q := &quotingCodec{}
	install(t, q)
	if got := string(codec.AppendQuote(nil, "&")); got != `"\u0026"` {
		t.Fatalf("AppendQuote = %s", got)
	}
	if q.quotes.Load() != 1 {
		t.Fatal("AppendQuote did not use the installed codec's Quoter")
	}
}

// The codec of ExampleUse keeps the contract, alone and installed.
func TestUseConformance(t *testing.T) {
	codectest.Run(t, &countingCodec{})
	c := &countingCodec{}
	codectest.RunInstalled(t, c)
	if c.marshal.Load() == 0 || c.unmarshal.Load() == 0 {
		t.Errorf("the installed codec was not called by every package-level function")
	}
}

// Swapping codecs while other goroutines encode and decode is safe (run
// with -race): every call sees either codec whole.
func TestUseConcurrent(t *testing.T) {
	t.Cleanup(func() { codec.Use(nil) })
	a, b := &countingCodec{}, &countingCodec{}
	const workers, rounds = 4, 200
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range rounds {
				out, err := codec.Marshal([]int{1})
				if err != nil || string(out) != "[1]" {
					t.Errorf("Marshal = %s, %v", out, err)
					return
				}
				var x []int
				if err := codec.Unmarshal(out, &x); err != nil || len(x) != 1 {
					t.Errorf("Unmarshal = %v, %v", x, err)
					return
				}
				_ = codec.Name()
			}
		}()
	}
	for i := range rounds {
		switch i % 3 {
		case 0:
			codec.Use(a)
		case 1:
			codec.Use(b)
		default:
			codec.Use(nil)
		}
	}
	wg.Wait()
	codec.Use(nil)
	if codec.Name() != codec.Active.Name() {
		t.Fatal("Use(nil) did not restore the default")
	}
}
