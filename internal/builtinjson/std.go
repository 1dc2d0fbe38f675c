package builtinjson

import (
	"bytes"
	"encoding/json"
	"errors"

	"github.com/99designs/gqlgen/internal/jsonscan"
)

// errTrailing is not reached: bytes after the value are a syntax error.
var errTrailing = errors.New("codec: data after the top-level value")

// Unmarshal decodes like json.Unmarshal, except that numbers held in
// interface values become json.Number (encoding/json only offers that on a
// Decoder). Errors are the ones json.Unmarshal returns for the same input.
// The codecs use it on their error paths, so that an input one library
// rejects gets exactly the result encoding/json would give.
func Unmarshal(data []byte, v any) error {
	d := json.NewDecoder(bytes.NewReader(data))
	d.UseNumber()
	err := d.Decode(v)
	if err == nil && jsonscan.OnlySpace(data[d.InputOffset():]) {
		return nil
	}
	// A Decoder words syntax errors differently ("unexpected EOF") and does
	// not look past the first value; json.Unmarshal checks the whole input
	// first, so its syntax error is the one to report: the scanner's, worded
	// as encoding/json without GOEXPERIMENT=jsonv2 words it. Type errors are
	// the Decoder's.
	if serr := jsonscan.Check(data); serr != nil {
		return syntaxError(serr)
	}
	if err == nil {
		return errTrailing
	}
	return err
}
