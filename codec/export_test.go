package codec

// DecodeUntyped exposes the untyped decoder, to check what it accepts.
var DecodeUntyped = decodeUntyped
