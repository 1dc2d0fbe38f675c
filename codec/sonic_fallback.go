//go:build sonic && !go_json && !jsoniter && !jsonv2 && !((amd64 && !go1.28) || (arm64 && !go1.28))

package codec

// sonic's JIT runs only on amd64 and arm64 with the Go versions it knows;
// elsewhere the sonic tag builds encoding/json and says so.
var active = stdCodec{name: "sonic (fallback: encoding/json)"}
