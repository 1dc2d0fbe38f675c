// Package codec is the JSON library behind the runtime: requests, responses,
// websocket and SSE messages, the Map and Any scalars and the test client go
// through its Marshal, Unmarshal, AppendMarshal and AppendQuote, so that a
// build tag picks the library for the whole server:
//
//	no tag      encoding/json
//	go_json     github.com/goccy/go-json
//	sonic       github.com/bytedance/sonic (encoding/json where sonic cannot run)
//	jsoniter    github.com/json-iterator/go
//	jsonv2      encoding/json/v2 (only with GOEXPERIMENT=jsonv2)
//
// The tag changes which library encodes and decodes typed values (your
// MarshalJSON types, websocket and SSE messages, error paths), and so the
// speed and size of that work. It does not change a byte on the wire or an
// error text: every codec writes and reads what encoding/json without
// GOEXPERIMENT=jsonv2 does (upstream gqlgen v0.17.98's bytes), and untyped
// values, response strings and the request envelope take the runtime's own
// paths whatever the tag.
//
// A program may bring its own Codec, install it with Use before serving,
// and check it with codectest.Run; it is then given every value.
package codec

// Codec encodes and decodes JSON values. It is safe for concurrent use.
//
// Marshal must produce exactly what encoding/json's Marshal produces.
// Unmarshal must accept what encoding/json's Unmarshal accepts, reject what
// it rejects (trailing data included), and decode numbers held in
// interface values as json.Number.
type Codec interface {
	// Name identifies the implementation, for logs and `gqlgen version`.
	Name() string
	Marshal(v any) ([]byte, error)
	Unmarshal(data []byte, v any) error
}

// Appender is an optional Codec ability, used by AppendMarshal: encode v
// onto the end of dst, so that a caller can reuse its buffer.
type Appender interface {
	AppendMarshal(dst []byte, v any) ([]byte, error)
}

// Quoter is an optional Codec ability, used by AppendQuote: append s as a
// JSON string, escaped exactly as Marshal would escape it.
type Quoter interface {
	AppendQuote(dst []byte, s string) []byte
}

// Name reports the codec in use: for example "encoding/json", "sonic
// (fallback: encoding/json)" where sonic cannot run on this platform, or
// the Name of the codec given to Use.
func Name() string {
	if b := installed.Load(); b != nil {
		return b.c.Name()
	}
	return active.Name()
}

// Marshal encodes v with the codec in use.
func Marshal(v any) ([]byte, error) {
	if b := installed.Load(); b != nil {
		return b.c.Marshal(v)
	}
	return active.Marshal(v)
}

// Unmarshal decodes data into v with the codec in use. Numbers held in
// interface values become json.Number.
func Unmarshal(data []byte, v any) error {
	if b := installed.Load(); b != nil {
		return b.c.Unmarshal(data, v)
	}
	return active.Unmarshal(data, v)
}

// AppendMarshal appends the encoding of v to dst with the codec in use,
// through its Appender ability when it has one. On error dst is returned
// at its original length.
func AppendMarshal(dst []byte, v any) ([]byte, error) {
	if b := installed.Load(); b != nil {
		if a, ok := b.c.(Appender); ok {
			return a.AppendMarshal(dst, v)
		}
		out, err := b.c.Marshal(v)
		if err != nil {
			return dst, err
		}
		return append(dst, out...), nil
	}
	return active.AppendMarshal(dst, v)
}

// AppendQuote appends s to dst as a JSON string, escaped as Marshal
// escapes it: by the Quoter ability of a codec given to Use, if it has
// one, and otherwise as encoding/json does.
func AppendQuote(dst []byte, s string) []byte {
	if b := installed.Load(); b != nil {
		if q, ok := b.c.(Quoter); ok {
			return q.AppendQuote(dst, s)
		}
		return appendQuote(dst, s, true)
	}
	return active.AppendQuote(dst, s)
}
