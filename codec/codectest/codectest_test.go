package codectest_test

import (
	"testing"

	"github.com/99designs/gqlgen/codec"
	"github.com/99designs/gqlgen/codec/codectest"
	"github.com/99designs/gqlgen/internal/builtinjson"
)

// threeMethods is a user codec as small as the Codec interface: Name,
// Marshal and Unmarshal, no optional ability. It is encoding/json as the
// contract states it (internal/builtinjson: the same with or without
// GOEXPERIMENT=jsonv2).
type threeMethods struct{}

func (threeMethods) Name() string                       { return "three methods" }
func (threeMethods) Marshal(v any) ([]byte, error)      { return builtinjson.Marshal(v) }
func (threeMethods) Unmarshal(data []byte, v any) error { return builtinjson.Unmarshal(data, v) }

// A codec with exactly the three methods of Codec passes the corpus on its
// own and installed for the process, where codec's AppendMarshal and
// AppendQuote stand in for the abilities it lacks.
func TestThreeMethodCodec(t *testing.T) {
	var c codec.Codec = threeMethods{}
	if _, ok := c.(codec.Appender); ok {
		t.Fatal("threeMethods has more than three methods")
	}
	if _, ok := c.(codec.Quoter); ok {
		t.Fatal("threeMethods has more than three methods")
	}
	t.Run("alone", func(t *testing.T) { codectest.Run(t, c) })
	t.Run("installed", func(t *testing.T) { codectest.RunInstalled(t, c) })
}
