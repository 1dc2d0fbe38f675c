// Package untypedhook lets the HTTP transports reach package codec's
// built-in untyped decoder without a new exported API in codec: codec sets
// DecodeObject when it is initialised (before any package importing it),
// and the request reader calls it, which decodes a request's variables and
// extensions in the same pass that finds where they end.
package untypedhook

// DecodeObject decodes the JSON object that starts at data[0] into *dst,
// which must be nil, and returns the index just past it. It nests at most
// maxDepth deep (1 for an object with no object or array inside). handled
// is false when it leaves the work to its caller: the codec in use decodes
// untyped values with its own library, or the object is not one that the
// built-in decoder accepts within maxDepth (invalid, too deep); *dst is
// then still nil. Set by package codec; nil until then.
var DecodeObject func(data []byte, maxDepth int, dst *map[string]any) (end int, handled bool)
