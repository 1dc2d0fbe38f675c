//go:build jsonv2 && !go_json && !sonic && !jsoniter && !goexperiment.jsonv2

package codec

// The jsonv2 tag asks for encoding/json/v2, which this Go toolchain only
// builds with the experiment on. The declarations below stand in for the
// missing codec so that the build fails with this one message only.

var active = stdCodec{name: "jsonv2 without GOEXPERIMENT=jsonv2"}

var _ = "codec: the jsonv2 tag needs GOEXPERIMENT=jsonv2: build with GOEXPERIMENT=jsonv2 go build -tags jsonv2" + 0
