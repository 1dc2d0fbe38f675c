package builtinjson

import (
	"encoding/json"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/99designs/gqlgen/internal/jsonscan"
)

// The untyped values of a GraphQL server (what the Map, Any and JSON-style
// scalars hold: trees of map[string]any, []any, strings, numbers, booleans
// and nil) are encoded here, by hand, rather than by reflection: the bytes
// encoding/json writes for them (keys sorted, strings escaped as its Marshal
// escapes them, floats in its format, json.Number as its literal) at a
// fraction of the allocations. Any other value met in the tree (a struct, a
// pointer, a type with its own MarshalJSON, a named map type...) is handed
// to a codec's library, which writes what encoding/json writes for it
// alone; that is also what encoding/json writes for it inside the tree.

// MaxUntypedDepth is how deep the hand-written encoder goes before handing
// the rest of the tree to encoding/json, whose cycle detection then reports
// a map that contains itself with its usual error.
const MaxUntypedDepth = 500

// UntypedTree reports whether v is one of the values the hand-written
// encoder takes as a whole: a map[string]any or a []any (the shapes of Map
// and Any scalars worth routing; a lone string or number is cheap either
// way).
func UntypedTree(v any) bool {
	switch v.(type) {
	case map[string]any, []any:
		return true
	}
	return false
}

// keyScratch pools the slices that hold a map's keys while they are sorted.
var keyScratch = sync.Pool{New: func() any { s := make([]string, 0, 16); return &s }}

// member is a key of a map[string]any with its value.
type member struct {
	key string
	val any
}

// memberScratch pools the slices that hold a map[string]any's members
// while they are sorted.
var memberScratch = sync.Pool{New: func() any { s := make([]member, 0, 16); return &s }}

// untypedEncoder appends untyped values; lib encodes whatever it does not
// know.
type untypedEncoder struct {
	html bool
	lib  func(dst []byte, v any) ([]byte, error)
	// handedOn is set once a value has gone to lib or to encoding/json.
	handedOn bool
	// nest bounds the nesting of what was written: at least one more than
	// the depth of every value met.
	nest int
}

// AppendUntyped appends the encoding/json encoding of v to dst, HTML
// escaping strings when html is set, with lib for the values it does not
// know. On error dst is returned as it was.
func AppendUntyped(dst []byte, v any, html bool, lib func([]byte, any) ([]byte, error)) ([]byte, error) {
	e := untypedEncoder{html: html, lib: lib}
	out, err := e.value(dst, v, 0)
	if err != nil {
		return dst, err
	}
	return out, nil
}

func (e *untypedEncoder) value(dst []byte, v any, depth int) ([]byte, error) {
	if depth >= e.nest {
		e.nest = depth + 1
	}
	if depth > MaxUntypedDepth {
		// encoding/json itself: it detects cycles, which not every
		// library does (jsoniter recurses until the stack overflows).
		return e.std(dst, v)
	}
	switch v := v.(type) {
	case nil:
		return append(dst, "null"...), nil
	case string:
		return AppendQuote(dst, v, e.html), nil
	case bool:
		return strconv.AppendBool(dst, v), nil
	case map[string]any:
		return e.object(dst, v, depth)
	case []any:
		if v == nil {
			return append(dst, "null"...), nil
		}
		dst = append(dst, '[')
		for i, el := range v {
			if i > 0 {
				dst = append(dst, ',')
			}
			var err error
			if dst, err = e.value(dst, el, depth+1); err != nil {
				return dst, err
			}
		}
		return append(dst, ']'), nil
	case json.Number:
		return e.number(dst, v)
	case int:
		return strconv.AppendInt(dst, int64(v), 10), nil
	case int64:
		return strconv.AppendInt(dst, v, 10), nil
	case int32:
		return strconv.AppendInt(dst, int64(v), 10), nil
	case int16:
		return strconv.AppendInt(dst, int64(v), 10), nil
	case int8:
		return strconv.AppendInt(dst, int64(v), 10), nil
	case uint:
		return strconv.AppendUint(dst, uint64(v), 10), nil
	case uint64:
		return strconv.AppendUint(dst, v, 10), nil
	case uint32:
		return strconv.AppendUint(dst, uint64(v), 10), nil
	case uint16:
		return strconv.AppendUint(dst, uint64(v), 10), nil
	case uint8:
		return strconv.AppendUint(dst, uint64(v), 10), nil
	case float64:
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return e.std(dst, v) // encoding/json's error
		}
		return AppendFloat(dst, v, 64), nil
	case float32:
		if f := float64(v); math.IsNaN(f) || math.IsInf(f, 0) {
			return e.std(dst, v)
		}
		return AppendFloat(dst, float64(v), 32), nil
	case []string:
		if v == nil {
			return append(dst, "null"...), nil
		}
		dst = append(dst, '[')
		for i, s := range v {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = AppendQuote(dst, s, e.html)
		}
		return append(dst, ']'), nil
	case []int:
		return appendInts(dst, v), nil
	case []int64:
		return appendInts(dst, v), nil
	case []bool:
		if v == nil {
			return append(dst, "null"...), nil
		}
		dst = append(dst, '[')
		for i, x := range v {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = strconv.AppendBool(dst, x)
		}
		return append(dst, ']'), nil
	case []float64:
		for _, f := range v {
			if math.IsNaN(f) || math.IsInf(f, 0) {
				return e.std(dst, v)
			}
		}
		if v == nil {
			return append(dst, "null"...), nil
		}
		dst = append(dst, '[')
		for i, f := range v {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = AppendFloat(dst, f, 64)
		}
		return append(dst, ']'), nil
	case map[string]string:
		if v == nil {
			return append(dst, "null"...), nil
		}
		return e.stringMap(dst, v), nil
	case []map[string]any:
		if v == nil {
			return append(dst, "null"...), nil
		}
		dst = append(dst, '[')
		for i, m := range v {
			if i > 0 {
				dst = append(dst, ',')
			}
			var err error
			if dst, err = e.object(dst, m, depth+1); err != nil {
				return dst, err
			}
		}
		return append(dst, ']'), nil
	}
	e.handedOn = true
	return e.lib(dst, v)
}

// std appends v with encoding/json, for its error or its cycle detection.
func (e *untypedEncoder) std(dst []byte, v any) ([]byte, error) {
	e.handedOn = true
	return Append(dst, v, e.html)
}

// object appends m with its keys in encoding/json's order (sorted as
// strings, byte by byte).
func (e *untypedEncoder) object(dst []byte, m map[string]any, depth int) ([]byte, error) {
	if m == nil {
		return append(dst, "null"...), nil
	}
	if len(m) == 0 {
		return append(dst, '{', '}'), nil
	}
	// The members are sorted with their values, so that no value is
	// looked up again by its key; a small map's on the stack, where moving
	// them needs no write barrier.
	if len(m) <= smallMembers {
		var local [smallMembers]member
		return e.sortedMembers(dst, m, local[:0], depth)
	}
	mp := memberScratch.Get().(*[]member)
	members := slices.Grow((*mp)[:0], len(m))
	dst, err := e.sortedMembers(dst, m, members, depth)
	if cap(members) <= 1<<10 {
		*mp = members
		memberScratch.Put(mp)
	}
	return dst, err
}

// smallMembers is the most members a map has for them to be sorted on the
// stack.
const smallMembers = 16

// sortedMembers appends the members of m in braces, sorted, collecting
// them in members, which is empty with room for them all (and is cleared
// after).
func (e *untypedEncoder) sortedMembers(dst []byte, m map[string]any, members []member, depth int) ([]byte, error) {
	for k, v := range m {
		members = append(members, member{k, v})
	}
	sortMembers(members)
	dst = append(dst, '{')
	var err error
	for i := range members {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = AppendQuote(dst, members[i].key, e.html)
		dst = append(dst, ':')
		if dst, err = e.value(dst, members[i].val, depth+1); err != nil {
			break
		}
	}
	clear(members)
	if err != nil {
		return dst, err
	}
	return append(dst, '}'), nil
}

// sortMembers sorts members by key, byte by byte: by insertion, with the
// comparison inline, up to smallMembers of them.
func sortMembers(members []member) {
	if len(members) > smallMembers {
		slices.SortFunc(members, func(a, b member) int { return strings.Compare(a.key, b.key) })
		return
	}
	for i := 1; i < len(members); i++ {
		x := members[i]
		j := i
		for ; j > 0 && x.key < members[j-1].key; j-- {
			members[j] = members[j-1]
		}
		members[j] = x
	}
}

// appendInts appends a slice of integers as a JSON array (null for nil).
func appendInts[T int | int64](dst []byte, v []T) []byte {
	if v == nil {
		return append(dst, "null"...)
	}
	dst = append(dst, '[')
	for i, x := range v {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = strconv.AppendInt(dst, int64(x), 10)
	}
	return append(dst, ']')
}

// stringMap appends a non-nil map[string]string with sorted keys.
func (e *untypedEncoder) stringMap(dst []byte, m map[string]string) []byte {
	kp := keyScratch.Get().(*[]string)
	keys := (*kp)[:0]
	for k := range m {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, strings.Compare)
	dst = append(dst, '{')
	for i, k := range keys {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = AppendQuote(dst, k, e.html)
		dst = append(dst, ':')
		dst = AppendQuote(dst, m[k], e.html)
	}
	clear(keys)
	if cap(keys) <= 1<<10 {
		*kp = keys[:0]
		keyScratch.Put(kp)
	}
	return append(dst, '}')
}

// number appends a json.Number as encoding/json does: its text when that is
// a valid JSON number, 0 when it is empty; anything else gets encoding/json's
// error (some libraries write any text they are given).
func (e *untypedEncoder) number(dst []byte, n json.Number) ([]byte, error) {
	if n == "" {
		return append(dst, '0'), nil
	}
	if !isNumberLiteral(string(n)) {
		return e.std(dst, n)
	}
	return append(dst, n...), nil
}

// isNumberLiteral reports whether s is exactly one JSON number.
func isNumberLiteral(s string) bool {
	i := 0
	if i < len(s) && s[i] == '-' {
		i++
	}
	switch {
	case i < len(s) && s[i] == '0':
		i++
	case i < len(s) && s[i] >= '1' && s[i] <= '9':
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
	default:
		return false
	}
	if i < len(s) && s[i] == '.' {
		i++
		start := i
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		if i == start {
			return false
		}
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		start := i
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		if i == start {
			return false
		}
	}
	return i == len(s)
}

// AppendWire appends v as AppendUntyped does for a response's data (HTML
// escaped, lib for the values the encoder does not know), and reports
// whether the bytes appended are already what validating and compacting
// them with HTML escaping at depth (jsonscan.AppendCompactNested) would
// give, so that the response writer can skip that step: they are when the
// built-in encoder wrote all of v (no value handed to lib or to
// encoding/json) and the nesting stays under jsonscan.MaxDepth. v that is
// not an untyped tree goes to lib whole, and is not wire bytes. (On a
// response of Map values the check took a fifth of the time.)
func AppendWire(dst []byte, v any, depth int, lib func([]byte, any) ([]byte, error)) (out []byte, wire bool, err error) {
	if !UntypedTree(v) {
		out, err = lib(dst, v)
		return out, false, err
	}
	e := untypedEncoder{html: true, lib: lib}
	out, err = e.value(dst, v, 0)
	if err != nil {
		return dst, false, err
	}
	return out, !e.handedOn && depth+e.nest < jsonscan.MaxDepth, nil
}
