// Package selfjson lets the runtime vouch for JSON it wrote itself.
//
// The executor encodes a response's data, and a transport then writes it
// inside the response envelope. encoding/json, which upstream gqlgen ran
// over every response, validates such pre-encoded data, compacts it and
// escapes <, >, &, U+2028 and U+2029 in its strings. When the runtime wrote
// the data in that form already, every byte of it its own or checked as it
// was appended (graphql.NewDataResponse), it seals the bytes (Seal), and
// the transport, finding the seal (Sealed), copies them as they are. The
// bytes sent are the same either way.
//
// The seal is eight bytes in the slice's spare capacity, just past its
// length, derived from a per-process random key, the slice's address and
// its length, so it does not survive reslicing or appending, and a slice
// from anywhere else carries it only by chance (2^-64). Code that rewrites
// sealed bytes in place, keeping their address and length, keeps the seal:
// whoever does that must keep the data valid JSON.
package selfjson

import (
	"encoding/binary"
	"math/rand/v2"
	"unsafe"
)

// sealSize is the number of spare bytes a seal takes.
const sealSize = 8

// key makes seals unguessable from the data alone.
var key = rand.Uint64() | 1

// seal computes the seal of b.
func seal(b []byte) uint64 {
	p := uint64(uintptr(unsafe.Pointer(unsafe.SliceData(b))))
	return (p ^ uint64(len(b))*0x9E3779B97F4A7C15) * key
}

// Seal marks b, which must be valid JSON the caller vouches for, and
// returns it (same address, same length). When b has no room for the seal
// in its spare capacity it is returned unsealed; nothing is allocated.
func Seal(b []byte) []byte {
	if len(b) == 0 || cap(b)-len(b) < sealSize {
		return b
	}
	binary.LittleEndian.PutUint64(b[len(b):len(b)+sealSize], seal(b))
	return b
}

// Sealed reports whether b is a slice Seal marked, with its length and
// spare bytes unchanged since.
func Sealed(b []byte) bool {
	if len(b) == 0 || cap(b)-len(b) < sealSize {
		return false
	}
	return binary.LittleEndian.Uint64(b[len(b):len(b)+sealSize]) == seal(b)
}
