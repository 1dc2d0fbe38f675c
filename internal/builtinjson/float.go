package builtinjson

import (
	"math"
	"strconv"
)

// AppendFloat writes f as encoding/json does: shortest round-trip digits,
// plain notation for magnitudes in [1e-6, 1e21), exponent notation outside
// it with a one-digit negative exponent left unpadded (1e-7, not 1e-07).
// bits is 32 or 64. NaN and infinities are the caller's to reject.
func AppendFloat(dst []byte, f float64, bits int) []byte {
	format := byte('f')
	if a := math.Abs(f); a != 0 {
		if bits == 64 && (a < 1e-6 || a >= 1e21) || bits == 32 && (float32(a) < 1e-6 || float32(a) >= 1e21) {
			format = 'e'
		}
	}
	dst = strconv.AppendFloat(dst, f, format, -1, bits)
	if format == 'e' {
		// strconv pads the exponent to two digits; JSON from encoding/json does not.
		if n := len(dst); n >= 4 && dst[n-4] == 'e' && dst[n-3] == '-' && dst[n-2] == '0' {
			dst[n-2] = dst[n-1]
			dst = dst[:n-1]
		}
	}
	return dst
}
