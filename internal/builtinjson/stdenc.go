//go:build !goexperiment.jsonv2

package builtinjson

import (
	"bytes"
	"encoding/json"
)

// Encoding with encoding/json as it is without GOEXPERIMENT=jsonv2: the
// reference bytes themselves. (stdenc_jsonv2.go is the same for the
// experiment, where encoding/json writes some bytes differently.)

func Marshal(v any) ([]byte, error) { return json.Marshal(v) }

// Append appends encoding/json's encoding of v to dst, with or without
// HTML escaping (the Encoder's SetEscapeHTML). The go_json, sonic and
// jsoniter codecs fall back to it, and so does the untyped encoder where
// encoding/json's own error is wanted.
func Append(dst []byte, v any, html bool) ([]byte, error) {
	if html {
		b, err := json.Marshal(v)
		if err != nil {
			return dst, err
		}
		return append(dst, b...), nil
	}
	out := bytes.NewBuffer(dst)
	enc := json.NewEncoder(out)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return dst, err
	}
	b := out.Bytes()
	return b[:len(b)-1], nil // Encode's newline
}
