package codec_test

import (
	"testing"

	"github.com/99designs/gqlgen/codec"
	"github.com/99designs/gqlgen/codec/codectest"
)

func TestBuiltinCodecConformance(t *testing.T) {
	t.Logf("codec: %s", codec.Name())
	codectest.Run(t, codec.Active)
}

func TestStdConformance(t *testing.T) {
	codectest.Run(t, codec.Std)
}
