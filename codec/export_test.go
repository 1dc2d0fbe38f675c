package codec

// SlowUnmarshal is encoding/json with UseNumber and nothing else: the
// reference the fuzz targets compare every codec with.
var SlowUnmarshal = stdUnmarshal

// DecodeUntyped exposes the untyped decoder, to check what it accepts.
var DecodeUntyped = decodeUntyped
