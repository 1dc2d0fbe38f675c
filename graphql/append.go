package graphql

import (
	"math"
	"strconv"
	"sync"
	"sync/atomic"

	"github.com/99designs/gqlgen/internal/jsonscan"
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
	return appendValue(dst, m, nil)
}

// appendValue appends m to dst, directly when m knows how, else through a
// pooled writer over dst. A nil m is written as null. With ws set the
// bytes are written as the transport sends them (see wireState).
func appendValue(dst []byte, m Marshaler, ws *wireState) []byte {
	// The concrete cases are the common values of generated code; matching
	// them by type is cheaper than the interface assertion below.
	switch v := m.(type) {
	case *stringSlot:
		return appendString(dst, v.text, ws)
	case *intSlot:
		return strconv.AppendInt(dst, int64(v.bits), 10)
	case *FieldSet:
		return v.appendGQL(dst, ws)
	case *literal:
		return append(dst, v.text...)
	case stringMarshaler:
		return appendString(dst, string(v), ws)
	case Array:
		return v.appendGQL(dst, ws)
	case appendMarshaler:
		return v.appendGQL(dst, ws)
	case nil:
		return append(dst, "null"...)
	}
	return writeForeign(dst, m, ws)
}

// writeForeign appends what m.MarshalGQL writes, through a pooled writer
// over dst; with ws set, the bytes are then made wire bytes
// (wireState.foreign).
func writeForeign(dst []byte, m Marshaler, ws *wireState) []byte {
	start := len(dst)
	sw := sliceWriterPool.Get().(*sliceWriter)
	sw.buf = dst
	m.MarshalGQL(sw)
	dst = sw.buf
	sw.buf = nil
	sliceWriterPool.Put(sw)
	if ws != nil {
		dst = ws.foreign(dst, start)
	}
	return dst
}

// The response's data goes to the client inside an envelope that
// encoding/json's Marshal would write: the data compacted, and <, >, &,
// U+2028 and U+2029 inside its strings escaped. NewDataResponse writes the
// data in that form straight away (each string is escaped once, for both
// rules) and records in the Response that it vouches for it (see
// Response.TrustedData), so that the transport copies it instead of
// validating and rewriting it. Vouching needs every byte to be
// valid JSON: the runtime's own marshalers write nothing else, and whatever
// other code writes (a user scalar's MarshalGQL, a context marshaler, a Map
// or Any value that a codec's library wrote) is validated and compacted as
// it is appended, as the transport would have done (a Map or Any value
// that the codec's built-in untyped encoder wrote whole is wire form
// already, and is taken as it is). When one of those is not valid JSON,
// when a Float is not finite, or when the data nests deeper than
// encoding/json allows, the runtime does not vouch for it, and the transport checks
// it and fails as before; compacting wire bytes again changes nothing, so
// the bytes sent are the same either way.

// wireState is the state of one NewDataResponse encoding. Its methods do
// nothing on a nil *wireState, the state of an ordinary encoding.
type wireState struct {
	// depth is the number of objects and arrays open at the write position.
	depth int
	// invalid is set when the runtime cannot vouch for the data.
	invalid bool
	// scratch holds a foreign value while it is compacted; from scratchPool.
	scratch *[]byte
}

// open counts an object or array opened at the write position.
func (ws *wireState) open() {
	if ws == nil {
		return
	}
	if ws.depth++; ws.depth > jsonscan.MaxDepth {
		ws.invalid = true
	}
}

// close counts an object or array closed.
func (ws *wireState) close() {
	if ws != nil {
		ws.depth--
	}
}

// release gives the scratch buffer back.
func (ws *wireState) release() {
	if ws.scratch != nil {
		scratchPool.Put(ws.scratch)
		ws.scratch = nil
	}
}

// foreign turns dst[start:], written by code outside the runtime, into
// wire bytes: validated, compacted and escaped as the transport does. When
// it is not one valid JSON value at this depth it is left as written, and
// the runtime does not vouch for the data.
func (ws *wireState) foreign(dst []byte, start int) []byte {
	if ws.scratch == nil {
		ws.scratch = scratchPool.Get().(*[]byte)
	}
	out, err := jsonscan.AppendCompactNested((*ws.scratch)[:0], dst[start:], true, ws.depth)
	if cap(out) <= maxScratch {
		*ws.scratch = out[:0]
	}
	if err != nil {
		ws.invalid = true
		return dst
	}
	return append(dst[:start], out...)
}

// appendString appends s quoted as every GraphQL string, ID and key is
// written, in wire form when ws is set.
func appendString(dst []byte, s string, ws *wireState) []byte {
	if ws != nil {
		return appendWireString(dst, s)
	}
	return appendGQLString(dst, s)
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
func (a Array) appendGQL(dst []byte, ws *wireState) []byte {
	ws.open()
	dst = append(dst, '[')
	for i, m := range a {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = appendValue(dst, m, ws)
	}
	ws.close()
	return append(dst, ']')
}

// appendGQL appends what MarshalGQL writes. The built-in Float is done in
// place; other context marshalers write through a pooled writer, and what
// they write is checked.
func (b boundMarshaler) appendGQL(dst []byte, ws *wireState) []byte {
	if f, ok := b.m.(floatContextMarshaler); ok {
		if v := float64(f); !math.IsInf(v, 0) && !math.IsNaN(v) {
			return floatMarshaler(f).appendGQL(dst, ws)
		}
	}
	return writeForeign(dst, b, ws)
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

// wireResponseBlock is a Response and the state of its encoding in wire
// form, allocated together.
type wireResponseBlock struct {
	resp Response
	ws   wireState
}

// NewDataResponse returns a Response whose Data is data encoded. When the
// data is expected to be small (sizeHint, the size of the data the caller
// encoded last, which NewDataResponse updates), the Response and the bytes
// share one allocation; otherwise the buffer is allocated at the size the
// hint gives, so that it rarely grows, and the data is written as the
// transport sends it, and vouched for (see wireState). Data then holds the same
// JSON value as AppendGQL's bytes, compacted, with <, >, &, U+2028 and
// U+2029 escaped inside strings.
func NewDataResponse(data Marshaler, sizeHint *atomic.Int64) *Response {
	hint := sizeHint.Load()
	if hint <= smallData-32 {
		b := new(dataResponseBlock)
		b.resp.Data = appendValue(b.buf[:0], data, nil)
		sizeHint.Store(int64(len(b.resp.Data)))
		return &b.resp
	}
	b := new(wireResponseBlock)
	buf := make([]byte, 0, min(hint+64, 1<<20))
	out := appendValue(buf, data, &b.ws)
	b.ws.release()
	sizeHint.Store(int64(len(out)))
	b.resp.Data = out
	if !b.ws.invalid {
		b.resp.vouch()
	}
	return &b.resp
}
