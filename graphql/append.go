package graphql

import (
	"math"
	"strconv"
	"sync"
	"sync/atomic"

	"github.com/99designs/gqlgen/internal/jsonscan"
	"github.com/99designs/gqlgen/internal/selfjson"
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
	case wellFormed:
		return v.appendGQL(dst)
	case appendMarshaler:
		start := len(dst)
		dst = v.appendGQL(dst)
		checkWritten(dst[start:])
		return dst
	case nil:
		return append(dst, "null"...)
	}
	return writeForeign(dst, m)
}

// writeForeign appends what m.MarshalGQL writes, through a pooled writer
// over dst, and checks it (checkWritten).
func writeForeign(dst []byte, m Marshaler) []byte {
	start := len(dst)
	sw := sliceWriterPool.Get().(*sliceWriter)
	sw.buf = dst
	m.MarshalGQL(sw)
	dst = sw.buf
	sw.buf = nil
	sliceWriterPool.Put(sw)
	checkWritten(dst[start:])
	return dst
}

// Data the runtime encoded itself needs no validation when the transport
// writes it: NewDataResponse seals it (package selfjson) and the transport
// only compacts and escapes it. Every byte of it must then be valid JSON.
// The runtime's own marshalers always write valid JSON, and say so by
// implementing wellFormed; anything else a response holds (a user scalar's
// MarshalGQL, a context marshaler, a Map or Any value, which the codec in
// use wrote) is checked as it is appended, and a write that is not one
// valid JSON value is counted in malformedWrites. NewDataResponse seals
// only when the count did not move while it encoded: a malformed write
// anywhere in the process, even in another request, leaves the data
// unsealed, and the transport validates it as before. Such writes end in an
// error response, so they are rare, and a false alarm only costs time.

// wellFormed is implemented by the marshalers whose appendGQL always writes
// one valid JSON value, the values inside it being appended through
// appendValue (which checks them).
type wellFormed interface {
	appendMarshaler
	wellFormedJSON()
}

// malformedWrites counts the appended values, written by code outside the
// runtime, that were not one valid JSON value.
var malformedWrites atomic.Uint64

// minSealed is the smallest data NewDataResponse seals: below it the
// transport's validation costs less than the seal.
const minSealed = 256

// checkWritten counts b, a value written by code outside the runtime, in
// malformedWrites unless it is one valid JSON value.
func checkWritten(b []byte) {
	if !jsonscan.Valid(b) {
		malformedWrites.Add(1)
	}
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
// place; other context marshalers write through a pooled writer, and what
// they write is checked.
func (b boundMarshaler) appendGQL(dst []byte) []byte {
	if f, ok := b.m.(floatContextMarshaler); ok {
		if v := float64(f); !math.IsInf(v, 0) && !math.IsNaN(v) {
			return floatMarshaler(f).appendGQL(dst)
		}
	}
	return writeForeign(dst, b)
}

func (boundMarshaler) wellFormedJSON() {}

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
		// The spare bytes leave room for selfjson's seal.
		resp, buf = new(Response), make([]byte, 0, min(hint+64, 1<<20))
	}
	malformed := malformedWrites.Load()
	resp.Data = AppendGQL(buf, data)
	sizeHint.Store(int64(len(resp.Data)))
	if len(resp.Data) >= minSealed && malformedWrites.Load() == malformed {
		resp.Data = selfjson.Seal(resp.Data)
	}
	return resp
}

// The marshalers that always write valid JSON. Floats are among them: a
// non-finite one, written as NaN, +Inf or -Inf, counts itself in
// malformedWrites.
func (*stringSlot) wellFormedJSON()       {}
func (*intSlot) wellFormedJSON()          {}
func (*uintSlot) wellFormedJSON()         {}
func (*floatSlot) wellFormedJSON()        {}
func (*FieldSet) wellFormedJSON()         {}
func (*FieldSetView) wellFormedJSON()     {}
func (*streamPayload[T]) wellFormedJSON() {}
func (*literal) wellFormedJSON()          {}
func (Array) wellFormedJSON()             {}
func (stringMarshaler) wellFormedJSON()   {}
func (intMarshaler) wellFormedJSON()      {}
func (uintMarshaler) wellFormedJSON()     {}
func (intIDMarshaler) wellFormedJSON()    {}
func (uintIDMarshaler) wellFormedJSON()   {}
func (floatMarshaler) wellFormedJSON()    {}
func (uuidMarshaler) wellFormedJSON()     {}
func (timeMarshaler) wellFormedJSON()     {}
func (dateMarshaler) wellFormedJSON()     {}
