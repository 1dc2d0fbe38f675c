package codec

import "github.com/99designs/gqlgen/internal/builtinjson"

// DecodeUntyped exposes the untyped decoder, to check what it accepts.
var DecodeUntyped = builtinjson.DecodeUntyped

// Active is the build-tag codec and Std encoding/json with the built-in
// untyped paths, as Codec values for the conformance tests.
var (
	Active Codec = active
	Std    Codec = stdCodec{name: "encoding/json"}
)
