package builtinjson

import (
	"encoding/json"
	"maps"
	"reflect"
	"sync"
	"unsafe"

	"github.com/99designs/gqlgen/internal/jsonscan"
)

// GraphQL variables and extensions are decoded into map[string]any. For those
// untyped targets a hand-written decoder replaces encoding/json: it builds the
// same values (map[string]any, []any, string, bool, nil and json.Number
// holding the literal text) with a fraction of the allocations. It accepts
// exactly the documents encoding/json accepts; on anything else it gives up
// and the caller decodes again with encoding/json, so that errors, and what
// a failed decode leaves in the target, are encoding/json's.
//
// Where the allocations go, per document:
//   - the bytes of every string and number literal are copied into a shared
//     chunk (one allocation for a small document), never into the input,
//     which callers reuse; a short key with no escape is copied once per
//     document, later uses finding it in a small table of the document's
//     keys;
//   - the string headers that the string and json.Number values in
//     interfaces point to come from a shared slab as well, instead of one
//     allocation per boxed value; a short string or number with no escape
//     that the document already held with the same text is the same boxed
//     value again (a small table of the document's values: siblings in a
//     list repeat small numbers, flags and names);
//   - a map is made at the size of the previous object read at its depth
//     (siblings in a list mostly have the same fields), and members go
//     straight into it;
//   - the elements of an array are collected on a scratch stack until the
//     closing bracket, then copied into a shared chunk of []any (each array
//     a full slice expression of it, so that an append to one reallocates
//     rather than writes over the next), and the slice headers that the
//     []any values in interfaces point to come from a slab, as string
//     headers do; every empty array is one shared value (a []any of length
//     and capacity 0 cannot be written through).
//
// So a value kept from a decoded document can keep some of its neighbours
// alive: the chunk of bytes it points into (at most arenaChunk bytes, and
// never much more than the input); for a string or number, its slab of
// slabChunk headers with the chunks those point into; for an array, its
// chunk of at most listChunk elements and what they hold. Never more than
// the document itself. Strings longer than bigString and arrays longer than
// bigList get allocations of their own, so they neither keep nor are kept
// by their neighbours.
//
// The reading of strings, numbers, literals and whitespace is
// internal/jsonscan's, shared with the rest of the runtime.

const (
	// arenaChunk caps a shared chunk of string bytes.
	arenaChunk = 32 << 10
	// bigString is the length from which a string is allocated on its own.
	bigString = 1 << 10
	// slabChunk caps a slab of boxed string headers.
	slabChunk = 128
	// listChunk caps a shared chunk of array elements.
	listChunk = 512
	// bigList is the length from which an array is allocated on its own.
	bigList = 128
	// maxSizeHint caps the size given to a map from its predecessor's.
	maxSizeHint = 64
	// hintDepths is how deep objects are sized from their predecessors.
	hintDepths = 16
	// nameBits sizes the table of a document's keys: 1<<nameBits slots.
	nameBits = 7
	// maxName is the longest key, string or number looked up in the
	// tables of a document's keys and values.
	maxName = 32
	// maxScratch caps the scratch stacks kept in the pool between documents.
	maxScratch = 1 << 12
)

// UnmarshalUntyped decodes data into v if v is one of the untyped targets:
// a *any (unless it holds a pointer, which encoding/json decodes through),
// a *map[string]any, or a *[]any holding nil (encoding/json would reuse a
// non-nil slice's elements). It reports whether v was one; if so, err is the
// result, encoding/json's for anything the untyped decoder does not accept.
func UnmarshalUntyped(data []byte, v any) (untyped bool, err error) {
	var ok bool
	switch p := v.(type) {
	case *map[string]any:
		if p == nil {
			return false, nil
		}
		var val any
		if val, ok = DecodeUntyped(data); ok {
			switch val := val.(type) {
			case nil:
				*p = nil
			case map[string]any:
				if *p == nil {
					*p = val
				} else {
					maps.Copy(*p, val) // encoding/json adds to the map it is given
				}
			default:
				ok = false // a type error, for encoding/json to word
			}
		}
	case *any:
		if p == nil || *p != nil && reflect.TypeOf(*p).Kind() == reflect.Pointer {
			return false, nil
		}
		var val any
		if val, ok = DecodeUntyped(data); ok {
			*p = val
		}
	case *[]any:
		if p == nil || *p != nil {
			return false, nil
		}
		var val any
		if val, ok = DecodeUntyped(data); ok {
			switch val := val.(type) {
			case nil:
			case []any:
				*p = val
			default:
				ok = false
			}
		}
	default:
		return false, nil
	}
	if ok {
		return true, nil
	}
	return true, Unmarshal(data, v)
}

// DecodeUntyped decodes the JSON document data into an untyped value as
// encoding/json does with UseNumber. ok is false for any document that
// encoding/json would reject.
func DecodeUntyped(data []byte) (v any, ok bool) {
	d := decoders.Get().(*untypedDecoder)
	d.data, d.maxDepth = data, jsonscan.MaxDepth
	d.skipSpace()
	if d.i < len(data) {
		v, ok = d.value()
		if ok {
			d.skipSpace()
			ok = d.i == len(data)
		}
	}
	d.release()
	if !ok {
		return nil, false
	}
	return v, true
}

// DecodeObject decodes the JSON object that starts at data[0] into *dst,
// which must be nil, and returns the index just past it: the request
// reader decodes a request's variables and extensions in the same pass that
// finds where they end. It nests at most maxDepth deep (1 for an object
// with no object or array inside). ok is false, and *dst still nil, when
// data does not start with an object that the built-in decoder accepts
// within maxDepth (invalid, too deep); the caller then decodes it itself.
func DecodeObject(data []byte, maxDepth int, dst *map[string]any) (end int, ok bool) {
	if *dst != nil || len(data) == 0 || data[0] != '{' {
		return 0, false
	}
	d := decoders.Get().(*untypedDecoder)
	d.data, d.maxDepth = data, maxDepth
	v, ok := d.object()
	end = d.i
	d.release()
	if !ok {
		return 0, false
	}
	*dst = v.(map[string]any)
	return end, true
}

var decoders = sync.Pool{New: func() any { return new(untypedDecoder) }}

// untypedDecoder is the state of one DecodeUntyped call. The scratch stacks
// are kept in the pool; the arena and slab belong to the decoded document.
type untypedDecoder struct {
	data     []byte
	i        int // next byte of data to read
	depth    int
	maxDepth int // how deep arrays and objects may nest

	vals []any  // elements of the arrays being read
	buf  []byte // unescaped text of the string being read
	// The most vals held at once: popped entries are cleared by
	// release, once, rather than at every pop.
	usedVals int
	// sizes[n] is the size of the last object with members read at depth
	// n: the size given to the next one's map.
	sizes [hintDepths]uint16
	// names holds keys already read from the document (their bytes are in
	// the arena), one per slot.
	names [1 << nameBits]string
	// values holds short strings and numbers already read from the
	// document, boxed, one per slot.
	values    [1 << nameBits]any
	namesUsed bool // whether any of names and values is set

	arena []byte   // string bytes handed out are in arena[:len(arena)]
	slab  []string // headers of boxed strings, likewise
	elems []any    // elements of arrays, likewise
	lists [][]any  // headers of boxed arrays, likewise
}

// release returns d to the pool, holding nothing of the document.
func (d *untypedDecoder) release() {
	clear(d.vals[:max(d.usedVals, len(d.vals))])
	d.data, d.arena, d.slab, d.elems, d.lists = nil, nil, nil, nil, nil
	d.i, d.depth, d.usedVals = 0, 0, 0
	d.sizes = [hintDepths]uint16{}
	if d.namesUsed {
		clear(d.names[:])
		clear(d.values[:])
		d.namesUsed = false
	}
	d.vals, d.buf = d.vals[:0], d.buf[:0]
	if cap(d.vals) > maxScratch {
		d.vals = nil
	}
	if cap(d.buf) > maxScratch {
		d.buf = nil
	}
	decoders.Put(d)
}

func (d *untypedDecoder) skipSpace() { d.i = jsonscan.SkipSpace(d.data, d.i) }

// Values that need no allocation to put in an interface.
var (
	anyTrue  any = true
	anyFalse any = false
	anyEmpty any = ""
	// anyNoList is every empty array: its header, length and capacity 0,
	// is read-only through an interface, and an append to it allocates.
	anyNoList any = []any{}
)

// value reads the value starting at d.data[d.i], which must exist.
func (d *untypedDecoder) value() (any, bool) {
	switch c := d.data[d.i]; c {
	case '{':
		return d.object()
	case '[':
		return d.array()
	case '"':
		start := d.i + 1
		if end := jsonscan.SkipPlain(d.data, start); end < len(d.data) && d.data[end] == '"' && end > start && end-start <= maxName {
			d.i = end + 1
			return d.boxShort(d.data[start:end], stringType), true
		}
		s, ok := d.str()
		if !ok {
			return nil, false
		}
		if s == "" {
			return anyEmpty, true
		}
		return d.box(s, stringType), true
	case 't':
		return anyTrue, d.literal("true")
	case 'f':
		return anyFalse, d.literal("false")
	case 'n':
		return nil, d.literal("null")
	default:
		if c == '-' || c >= '0' && c <= '9' {
			return d.number()
		}
	}
	return nil, false
}

func (d *untypedDecoder) literal(word string) bool {
	if !jsonscan.Literal(d.data, d.i, word) {
		return false
	}
	d.i += len(word)
	return true
}

func (d *untypedDecoder) object() (any, bool) {
	if d.depth++; d.depth > d.maxDepth {
		return nil, false
	}
	d.i++ // {
	d.skipSpace()
	if d.i < len(d.data) && d.data[d.i] == '}' {
		d.i++
		d.depth--
		return map[string]any{}, true
	}
	// Members go straight into the map, sized as the last object read at
	// this depth was: in a list of objects, the siblings have the same
	// fields more often than not. A wrong guess costs a map growth (or a
	// few unused slots), nothing else; up to 8 members a map has one
	// group of slots whatever the size given.
	m := make(map[string]any, d.sizeHint())
	for {
		if d.i >= len(d.data) || d.data[d.i] != '"' {
			return nil, false
		}
		k, ok := d.key()
		if !ok {
			return nil, false
		}
		d.skipSpace()
		if d.i >= len(d.data) || d.data[d.i] != ':' {
			return nil, false
		}
		d.i++
		d.skipSpace()
		if d.i >= len(d.data) {
			return nil, false
		}
		v, ok := d.value()
		if !ok {
			return nil, false
		}
		m[k] = v // a repeated key: the last one wins
		d.skipSpace()
		if d.i >= len(d.data) {
			return nil, false
		}
		switch d.data[d.i] {
		case ',':
			d.i++
			d.skipSpace()
			continue
		case '}':
			d.i++
		default:
			return nil, false
		}
		break
	}
	d.depth--
	d.setSizeHint(len(m))
	return m, true
}

// sizeHint is the size of the last object with members read at depth
// d.depth, or 0; setSizeHint records it when the object is done (d.depth
// then being its parent's depth).
func (d *untypedDecoder) sizeHint() int {
	if d.depth < len(d.sizes) {
		return int(d.sizes[d.depth])
	}
	return 0
}

func (d *untypedDecoder) setSizeHint(n int) {
	if at := d.depth + 1; at < len(d.sizes) {
		d.sizes[at] = uint16(min(n, maxSizeHint))
	}
}

func (d *untypedDecoder) array() (any, bool) {
	if d.depth++; d.depth > d.maxDepth {
		return nil, false
	}
	d.i++ // [
	d.skipSpace()
	if d.i < len(d.data) && d.data[d.i] == ']' {
		d.i++
		d.depth--
		return anyNoList, true
	}
	base := len(d.vals)
	for {
		if d.i >= len(d.data) {
			return nil, false
		}
		v, ok := d.value()
		if !ok {
			return nil, false
		}
		d.vals = append(d.vals, v)
		d.skipSpace()
		if d.i >= len(d.data) {
			return nil, false
		}
		switch d.data[d.i] {
		case ',':
			d.i++
			d.skipSpace()
			continue
		case ']':
			d.i++
		default:
			return nil, false
		}
		break
	}
	list := d.list(d.vals[base:])
	d.usedVals = max(d.usedVals, len(d.vals))
	d.vals = d.vals[:base]
	d.depth--
	return list, true
}

// list returns an array holding a copy of elems, boxed: a slice of the
// shared element chunk whose header is in the shared list slab, or, for a
// long array, allocations of its own.
func (d *untypedDecoder) list(elems []any) any {
	n := len(elems)
	if n > bigList {
		return append(make([]any, 0, n), elems...)
	}
	if cap(d.elems)-len(d.elems) < n {
		// An element takes at least two bytes of the input ("1,"), and
		// most take many more: one per 16 bytes of what is left is enough
		// for most documents without overshooting small ones.
		d.elems = make([]any, 0, max(n, min((len(d.data)-d.i)/16, listChunk)))
	}
	start := len(d.elems)
	d.elems = append(d.elems, elems...)
	if len(d.lists) == cap(d.lists) {
		d.lists = make([][]any, 0, min(max((len(d.data)-d.i)/32, 4), slabChunk))
	}
	d.lists = append(d.lists, d.elems[start:len(d.elems):len(d.elems)])
	e := eface{typ: listType, data: unsafe.Pointer(&d.lists[len(d.lists)-1])}
	return *(*any)(unsafe.Pointer(&e))
}

// number reads a number literal.
func (d *untypedDecoder) number() (any, bool) {
	end, ok := jsonscan.NumberEnd(d.data, d.i)
	if !ok {
		return nil, false
	}
	b := d.data[d.i:end]
	d.i = end
	if len(b) <= maxName {
		return d.boxShort(b, numberType), true
	}
	return d.box(d.keep(b), numberType), true
}

// boxShort is box(keep(b), typ) for a short text b with no escape: a value
// of the document with the same type and text is shared (the table
// d.values), header and bytes; values are immutable. In a list of objects
// the same small numbers, flags and names recur from sibling to sibling.
func (d *untypedDecoder) boxShort(b []byte, typ unsafe.Pointer) any {
	slot := &d.values[nameSlot(b)]
	if e := (*eface)(unsafe.Pointer(slot)); e.typ == typ && *(*string)(e.data) == string(b) {
		return *slot
	}
	v := d.box(d.keep(b), typ)
	*slot = v
	d.namesUsed = true
	return v
}

// str reads the string starting at the quote d.data[d.i] and returns its
// text, unescaped and with invalid UTF-8 replaced as encoding/json does.
func (d *untypedDecoder) str() (string, bool) {
	start := d.i + 1
	b, end, raw, ok := jsonscan.AppendString(d.buf[:0], d.data, start)
	d.buf = b
	if !ok {
		return "", false
	}
	var s string
	if raw {
		s = d.keep(d.data[start:end])
	} else {
		s = d.keep(b)
	}
	d.i = end + 1
	return s, true
}

// key reads an object's key. A short key with no escape is looked up among
// the keys this document already used, and shares their bytes: in a list
// of objects every sibling repeats the same few keys. A key has two slots
// of d.names, its own and the neighbouring one, so that two keys of a
// document that hash to the same slot (among a score of keys, more often
// than not a pair does) do not take it from each other at every sibling.
func (d *untypedDecoder) key() (string, bool) {
	start := d.i + 1
	end := jsonscan.SkipPlain(d.data, start)
	if end >= len(d.data) || d.data[end] != '"' || end == start || end-start > maxName {
		return d.str()
	}
	b := d.data[start:end]
	d.i = end + 1
	i := nameSlot(b)
	if k := d.names[i]; k == string(b) {
		return k, true
	}
	if k := d.names[i^1]; k == string(b) {
		return k, true
	}
	if d.names[i] != "" {
		i ^= 1
	}
	k := d.keep(b)
	d.names[i] = k
	d.namesUsed = true
	return k, true
}

// nameSlot is the slot of d.names for the key b, not empty: a mix of its
// length and its first and last two bytes.
func nameSlot(b []byte) int {
	n := len(b)
	x := uint32(n) ^ uint32(b[0])<<8 ^ uint32(b[n-1])<<16 ^ uint32(b[n/2])<<24
	return int((x * 0x9e3779b1) >> (32 - nameBits))
}

// keep returns a copy of b that shares no memory with the input.
func (d *untypedDecoder) keep(b []byte) string {
	switch {
	case len(b) == 0:
		return ""
	case len(b) > bigString:
		return string(b)
	}
	if cap(d.arena)-len(d.arena) < len(b) {
		// The rest of the input bounds the string bytes still to come
		// (invalid UTF-8, which grows threefold, aside).
		size := min(len(d.data)-d.i, arenaChunk)
		d.arena = make([]byte, 0, max(size, len(b)))
	}
	n := len(d.arena)
	d.arena = append(d.arena, b...)
	return unsafe.String(&d.arena[n], len(b))
}

// eface is the memory layout of an interface value with no methods.
type eface struct {
	typ  unsafe.Pointer
	data unsafe.Pointer
}

func typeOf(v any) unsafe.Pointer { return (*eface)(unsafe.Pointer(&v)).typ }

// The type words of string and json.Number, both held by pointer to a
// string header in an interface.
var (
	stringType = typeOf("")
	numberType = typeOf(json.Number(""))
	listType   = typeOf([]any(nil))
)

// box returns s as an interface holding a value of type typ (string or
// json.Number), with the string header placed in the slab rather than in an
// allocation of its own, as the compiler would.
func (d *untypedDecoder) box(s string, typ unsafe.Pointer) any {
	if len(s) > bigString {
		if typ == numberType {
			return json.Number(s)
		}
		return s
	}
	if len(d.slab) == cap(d.slab) {
		d.slab = make([]string, 0, min(max((len(d.data)-d.i)/8, 4), slabChunk))
	}
	d.slab = append(d.slab, s)
	e := eface{typ: typ, data: unsafe.Pointer(&d.slab[len(d.slab)-1])}
	return *(*any)(unsafe.Pointer(&e))
}
