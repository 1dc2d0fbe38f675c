//go:build !go_json && !sonic && !jsoniter

package codec

var active = stdCodec{name: "encoding/json"}
