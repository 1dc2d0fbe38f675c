// Package untypedhook lets the runtime reach package codec's built-in
// untyped decoder and encoder without a new exported API in codec: codec
// sets the hooks when it is initialised (before any package importing it).
// The request reader calls DecodeObject, which decodes a request's
// variables and extensions in the same pass that finds where they end; the
// response writer calls AppendWire, which tells it when a Map or Any value
// needs no second look.
package untypedhook

// DecodeObject decodes the JSON object that starts at data[0] into *dst,
// which must be nil, and returns the index just past it. It nests at most
// maxDepth deep (1 for an object with no object or array inside). handled
// is false when it leaves the work to its caller: the codec in use decodes
// untyped values with its own library, or the object is not one that the
// built-in decoder accepts within maxDepth (invalid, too deep); *dst is
// then still nil. Set by package codec; nil until then.
var DecodeObject func(data []byte, maxDepth int, dst *map[string]any) (end int, handled bool)

// AppendWire appends v as codec.AppendMarshal does (without the newline an
// Encoder adds), for a value written into a response's data inside depth
// objects and arrays. wire reports that the bytes appended are already what
// validating and compacting them with HTML escaping (jsonscan.AppendCompactNested
// at depth) would give, so that the caller can skip that step; when it is
// false the caller checks them as any marshaler's output. Set by package
// codec; nil until then.
var AppendWire func(dst []byte, v any, depth int) (out []byte, wire bool, err error)
