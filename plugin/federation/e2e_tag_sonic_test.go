//go:build sonic

package federation_test

// codecTag is the build tag this test binary was built with, passed on to
// the go test runs of the generated modules.
const codecTag = "sonic"
