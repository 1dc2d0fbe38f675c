//go:build !goexperiment.jsonv2

package transport

import (
	"bytes"
	"encoding/json"
)

// Without GOEXPERIMENT=jsonv2, encoding/json is the reference itself: what
// upstream gqlgen v0.17.98 ran on, byte for byte and word for word.

var (
	refMarshal   = json.Marshal
	refUnmarshal = json.Unmarshal
)

// streamDecode is how upstream gqlgen decoded request bodies: the first
// value of a json.Decoder with UseNumber.
func streamDecode(data []byte, v any) error {
	d := json.NewDecoder(bytes.NewReader(data))
	d.UseNumber()
	return d.Decode(v)
}
