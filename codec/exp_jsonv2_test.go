//go:build goexperiment.jsonv2

package codec_test

// jsonExperiment: encoding/json runs on v2 and is no longer the reference
// for every byte (the corpus pins the reference bytes).
const jsonExperiment = true
