//go:build goexperiment.jsonv2

package transport

import "github.com/99designs/gqlgen/internal/builtinjson"

// With GOEXPERIMENT=jsonv2, encoding/json runs on v2, which words errors
// and writes some bytes otherwise than the reference (encoding/json without
// the experiment). internal/builtinjson keeps the reference's bytes and
// errors (the codectest corpus checks it under the experiment too), so it
// stands in; the differential checks proper are the runs without the
// experiment.

var (
	refMarshal   = builtinjson.Marshal
	refUnmarshal = builtinjson.Unmarshal
)

// streamDecode stands in for upstream's json.Decoder: decodeFirst, the
// general path, so that the request reader is still checked against it.
func streamDecode(data []byte, v any) error { return decodeFirst(data, v) }
