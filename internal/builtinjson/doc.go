// Package builtinjson is the module's own JSON code, shared by package codec
// and by the runtime (package graphql and the transports), which call it
// directly:
//
//   - encoding/json as it is without GOEXPERIMENT=jsonv2, the reference
//     every codec keeps, with or without the experiment (Marshal, Append,
//     Unmarshal), and its string and float formats (AppendQuote,
//     AppendFloat);
//   - the encoder and decoder of untyped values, the trees of
//     map[string]any, []any, strings, numbers, booleans and nil that
//     variables decode into and Map and Any scalars hold: exact to that
//     reference and far lighter on allocations than reflection
//     (AppendUntyped, AppendWire, UnmarshalUntyped, DecodeObject).
//
// The untyped paths stand aside while a program's own codec is installed
// (codec.Use records it here with SetCustom): that codec is then given
// every value.
package builtinjson

import "sync/atomic"

// custom is set while codec.Use has a program's own codec installed.
var custom atomic.Bool

// SetCustom records whether a program's own codec is installed; only
// codec.Use calls it.
func SetCustom(on bool) { custom.Store(on) }

// Custom reports whether a program's own codec is installed, so that the
// runtime gives untyped values to it instead of the built-in paths.
func Custom() bool { return custom.Load() }
