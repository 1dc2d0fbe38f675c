//go:build sonic || jsoniter

package codec

import (
	"bytes"
	"unicode/utf8"
)

// The fast libraries agree with encoding/json on almost every value; the
// few places they do not are cheap to spot in their output. When one shows,
// the value is encoded again by encoding/json, so the bytes are always its.

// trustworthy reports whether out, a library's encoding of some value, is
// free of the constructs where that library may differ from encoding/json:
//   - \u0008 and \u000c, which encoding/json writes as \b and \f;
//   - invalid UTF-8, which encoding/json replaces in strings but keeps in
//     json.RawMessage and MarshalJSON output, where a library cannot tell.
func trustworthy(out []byte) bool {
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
	return utf8.Valid(out)
}
