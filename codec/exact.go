//go:build sonic || jsoniter || jsonv2 || goexperiment.jsonv2

package codec

import (
	"bytes"
	"io"
	"unicode/utf8"
)

// The fast libraries agree with encoding/json on almost every value; the
// few places they do not are cheap to spot in their output. When one shows,
// the value is encoded again by encoding/json, so the bytes are always its.

// trustworthy reports whether out, a library's encoding of some value, is
// free of the constructs where that library may differ from encoding/json:
//   - \u0008 and \u000c, which encoding/json writes as \b and \f;
//   - invalid UTF-8, which encoding/json replaces in strings but keeps in
//     json.RawMessage and MarshalJSON output, where a library cannot tell;
//   - raw U+2028/U+2029 when HTML escaping is off (encoding/json still
//     escapes them in strings, not in RawMessage).
func trustworthy(out []byte, html bool) bool {
	for rest := out; ; {
		i := bytes.Index(rest, []byte(`\u000`))
		if i < 0 {
			break
		}
		if i+5 < len(rest) && (rest[i+5] == '8' || rest[i+5] == 'c') {
			return false
		}
		rest = rest[i+5:]
	}
	if !html && (bytes.Contains(out, []byte("\u2028")) || bytes.Contains(out, []byte("\u2029"))) {
		return false
	}
	return utf8.Valid(out)
}

// appendFunc appends the exact encoding of v to dst.
type appendFunc func(dst []byte, v any, html bool) ([]byte, error)

// bufferedEncoder is the Encoder of the codecs whose own stream encoders
// cannot be made exact: it encodes into a reused buffer, then writes.
type bufferedEncoder struct {
	w      io.Writer
	noHTML bool
	buf    []byte
	append appendFunc
}

func (e *bufferedEncoder) SetEscapeHTML(on bool) { e.noHTML = !on }

func (e *bufferedEncoder) Encode(v any) error {
	b, err := e.append(e.buf[:0], v, !e.noHTML)
	if err != nil {
		return err
	}
	b = append(b, '\n')
	e.buf = b
	_, err = e.w.Write(b)
	return err
}
