//go:build (go_json && sonic) || (go_json && jsoniter) || (sonic && jsoniter) || (jsonv2 && (go_json || sonic || jsoniter))

package codec

// More than one codec tag was given. The declarations below stand in for the
// missing codec so that the build fails with this one message only.

var active = stdCodec{name: "conflict"}

var _ = "codec: the build tags go_json, sonic, jsoniter and jsonv2 are mutually exclusive; build with at most one" + 0
