//go:build sonic && !go_json && !jsoniter

package main

// codecTag is the build tag this test binary was built with; the replicas
// it starts are built with the same one.
const codecTag = "sonic"
