package graphql

import (
	"math"
	"strconv"
	"sync"
	"sync/atomic"
)

// A response is a tree of Marshalers. Every node this package builds
// (objects, lists and the built-in scalars) can append itself to a byte
// slice, so the whole tree is written into one buffer without a Write call
// per token. A node it did not build (a user scalar, a WriterFunc) is handed
// an io.Writer that appends to the same slice.

// AppendGQL appends the JSON that m.MarshalGQL would write to dst and
// returns the extended slice. It is the allocation-free way for a response
// writer that owns its buffer to encode a result; m may be any Marshaler.
func AppendGQL(dst []byte, m Marshaler) []byte {
	return appendValue(dst, m)
}

// appendValue appends m to dst, directly when m knows how, else through a
// pooled writer over dst. A nil m is written as null.
func appendValue(dst []byte, m Marshaler) []byte {
	// The concrete cases are the common values of generated code; matching
	// them by type is cheaper than the interface assertion below.
	switch v := m.(type) {
	case *stringSlot:
		return appendGQLString(dst, v.text)
	case *intSlot:
		return strconv.AppendInt(dst, int64(v.bits), 10)
	case *FieldSet:
		return v.appendGQL(dst)
	case *literal:
		return append(dst, v.text...)
	case stringMarshaler:
		return appendGQLString(dst, string(v))
	case Array:
		return v.appendGQL(dst)
	case appendMarshaler:
		return v.appendGQL(dst)
	case nil:
		return append(dst, "null"...)
	}
	sw := sliceWriterPool.Get().(*sliceWriter)
	sw.buf = dst
	m.MarshalGQL(sw)
	dst = sw.buf
	sw.buf = nil
	sliceWriterPool.Put(sw)
	return dst
}

// sliceWriter is an io.Writer that appends to buf. It offers its spare
// capacity (AvailableBuffer), so the built-in marshalers format into it in
// place.
type sliceWriter struct{ buf []byte }

func (s *sliceWriter) Write(p []byte) (int, error) {
	s.buf = append(s.buf, p...)
	return len(p), nil
}

func (s *sliceWriter) WriteString(p string) (int, error) {
	s.buf = append(s.buf, p...)
	return len(p), nil
}

func (s *sliceWriter) AvailableBuffer() []byte { return s.buf[len(s.buf):] }

var sliceWriterPool = sync.Pool{New: func() any { return new(sliceWriter) }}

// appendGQL appends the elements of a as a JSON array.
func (a Array) appendGQL(dst []byte) []byte {
	dst = append(dst, '[')
	for i, m := range a {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = appendValue(dst, m)
	}
	return append(dst, ']')
}

// appendGQL appends what MarshalGQL writes. The built-in Float is done in
// place; other context marshalers write through a pooled writer.
func (b boundMarshaler) appendGQL(dst []byte) []byte {
	if f, ok := b.m.(floatContextMarshaler); ok {
		if v := float64(f); !math.IsInf(v, 0) && !math.IsNaN(v) {
			return floatMarshaler(f).appendGQL(dst)
		}
	}
	sw := sliceWriterPool.Get().(*sliceWriter)
	sw.buf = dst
	b.MarshalGQL(sw)
	dst = sw.buf
	sw.buf = nil
	sliceWriterPool.Put(sw)
	return dst
}

// smallData is the largest encoded data NewDataResponse keeps inside the
// Response's own allocation.
const smallData = 104

// dataResponseBlock is a Response and room for small data, allocated
// together.
type dataResponseBlock struct {
	resp Response
	buf  [smallData]byte
}

// NewDataResponse returns a Response whose Data is data encoded. When the
// data is expected to be small (sizeHint, the size of the data the caller
// encoded last, which NewDataResponse updates), the Response and the bytes
// share one allocation; otherwise the buffer is allocated at the size the
// hint gives, so that it rarely grows.
func NewDataResponse(data Marshaler, sizeHint *atomic.Int64) *Response {
	hint := sizeHint.Load()
	var resp *Response
	var buf []byte
	if hint <= smallData-32 {
		b := new(dataResponseBlock)
		resp, buf = &b.resp, b.buf[:0]
	} else {
		resp, buf = new(Response), make([]byte, 0, min(hint+64, 1<<20))
	}
	resp.Data = AppendGQL(buf, data)
	sizeHint.Store(int64(len(resp.Data)))
	return resp
}
