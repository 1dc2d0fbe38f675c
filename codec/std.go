//go:build !go_json && !sonic && !jsoniter && !jsonv2

package codec

var active = stdCodec{name: "encoding/json"}
