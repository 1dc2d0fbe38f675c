package codec

import (
	"sync/atomic"

	"github.com/99designs/gqlgen/internal/builtinjson"
)

// box holds an installed codec, so that an atomic.Pointer can carry an
// interface value.
type box struct{ c Codec }

// installed is the codec given to Use; nil means the build-tag default. The
// package-level functions load it once per call, so the default path costs
// one atomic load and a nil check.
var installed atomic.Pointer[box]

// Use installs c as the codec of the whole process: the package-level
// functions use it from the next call on, and so does every part of the
// runtime that goes through this package; the runtime's built-in paths for
// untyped values stand aside, so c is given every value. Use(nil) puts back
// the codec chosen by the build tags.
//
// Call Use once, before serving: in main, or in an init function. Calling it
// later is safe, not a data race, but a request in flight can then see both
// codecs, one per step, so a codec whose bytes differ from the old one's
// must not be swapped in while serving.
//
// c must keep the Codec contract (check it with codectest.Run). Its Appender
// and Quoter abilities are used when it has them; otherwise AppendMarshal
// appends what Marshal returns, and AppendQuote escapes as encoding/json
// does.
func Use(c Codec) {
	if c == nil {
		installed.Store(nil)
		builtinjson.SetCustom(false)
		return
	}
	installed.Store(&box{c: c})
	builtinjson.SetCustom(true)
}
