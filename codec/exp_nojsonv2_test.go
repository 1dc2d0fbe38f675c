//go:build !goexperiment.jsonv2

package codec_test

// jsonExperiment: encoding/json is the reference for every byte.
const jsonExperiment = false
