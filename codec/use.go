package codec

import "sync/atomic"

// box holds an installed codec, so that an atomic.Pointer can carry an
// interface value.
type box struct{ c Codec }

// installed is the codec given to Use; nil means the build-tag default. The
// package-level functions load it once per call, so the default path costs
// one atomic load and a nil check.
var installed atomic.Pointer[box]

// Use installs c as the codec of the whole process: Name, Marshal,
// Unmarshal, NewEncoder, NewDecoder, AppendMarshal, AppendQuote, Valid and
// Current use it from the next call on, and so does every part of the
// runtime that goes through this package. Use(nil) puts back the codec
// chosen by the build tags (Default).
//
// Call Use once, before serving: in main, or in an init function. Calling it
// later is safe, not a data race: the swap is atomic, each call of a
// package-level function uses the codec it loaded when it started, and an
// Encoder or Decoder keeps the codec that made it. But a request in flight
// can then see both codecs, one per step (decoding its body with the old
// one and writing its response with the new one, for instance), so a
// codec whose bytes differ from the old one's must not be swapped in while
// serving.
//
// c must keep the Codec contract (check it with codectest.Run). The
// optional capabilities (Appender, Quoter, Validator, UntypedNative) are
// used when c has them; otherwise the package falls back to generic code
// built on c's Marshal and Unmarshal, or, for quoting, on encoding/json's
// escaping rules. Without UntypedNative, c encodes and decodes untyped
// values too; with it, the built-in untyped paths take what it leaves them.
func Use(c Codec) {
	if c == nil {
		installed.Store(nil)
		return
	}
	installed.Store(&box{c: c})
}
