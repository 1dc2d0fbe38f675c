//go:build !goexperiment.jsonv2

package jsonscan

// Without GOEXPERIMENT=jsonv2, encoding/json is the reference itself: the
// differential tests and fuzz targets compare with it.
const haveReference = true
