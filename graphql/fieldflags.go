package graphql

// FieldFlags are the facts about a field, known when the code is
// generated, that the runtime's resolve helpers take from generated code:
// a set of named bits, so that a call reads
// ResolveStructField(…, FieldNonNull|FieldRecoverPanics) rather than
// ResolveStructField(…, true, true).
type FieldFlags uint8

const (
	// FieldNullable is the empty set, written where a field's only fact is
	// that its type is nullable.
	FieldNullable FieldFlags = 0
	// FieldNonNull says the field's type is non-null: a null result nulls
	// the parent object.
	FieldNonNull FieldFlags = 1 << iota
	// FieldRecoverPanics says a panic while the field resolves becomes an
	// error on the field and a null result (every field, unless the
	// configuration sets omit_panic_handler).
	FieldRecoverPanics
	// FieldConcurrent says a root field may resolve alongside its siblings
	// (a Query field); without it the field resolves in turn (a Mutation
	// field).
	FieldConcurrent
)

// Has reports whether every flag of want is set in f.
func (f FieldFlags) Has(want FieldFlags) bool { return f&want == want }
