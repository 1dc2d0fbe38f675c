//go:build goexperiment.jsonv2

package jsonscan

// With GOEXPERIMENT=jsonv2, encoding/json runs on v2 and words errors (and
// writes a few bytes) differently: the differential checks are skipped, and
// the pinned tables, recorded from encoding/json without the experiment,
// carry the reference.
const haveReference = false
