//go:build goexperiment.jsonv2

package codec

// SlowUnmarshal is the reference the fuzz targets compare every codec
// with. With GOEXPERIMENT=jsonv2, encoding/json words syntax errors
// otherwise than the reference (encoding/json without the experiment), so
// stdUnmarshal, whose syntax errors are internal/jsonscan's, stands in.
var SlowUnmarshal = stdUnmarshal
