package codec

import (
	"errors"
	"io"
)

// DecodeError is what every codec's streaming Decoder returns for input it
// cannot decode. A stream cannot be re-read to ask encoding/json for its
// wording, so each library's own message is kept behind a prefix that is the
// same for every codec; errors.Unwrap gives the library's error. (Unmarshal
// needs no such wrapper: its errors are encoding/json's, whatever the codec.)
type DecodeError struct{ Err error }

// DecodeErrorPrefix starts the message of every DecodeError.
const DecodeErrorPrefix = "codec: decode: "

func (e *DecodeError) Error() string { return DecodeErrorPrefix + e.Err.Error() }
func (e *DecodeError) Unwrap() error { return e.Err }

type libDecoder interface {
	Decode(v any) error
	UseNumber()
}

// wrappedDecoder gives a library decoder's errors the DecodeError prefix.
// The end of the stream stays a bare io.EOF, as callers compare it with ==.
type wrappedDecoder struct{ d libDecoder }

func (w *wrappedDecoder) UseNumber() { w.d.UseNumber() }

func (w *wrappedDecoder) Decode(v any) error {
	err := w.d.Decode(v)
	switch {
	case err == nil:
		return nil
	case errors.Is(err, io.EOF):
		return io.EOF
	}
	return &DecodeError{Err: err}
}
