package graphql

import "testing"

// testFlags builds FieldFlags from the booleans a table test varies.
func testFlags(concurrent, recoverPanics, nonNull bool) FieldFlags {
	var f FieldFlags
	if concurrent {
		f |= FieldConcurrent
	}
	if recoverPanics {
		f |= FieldRecoverPanics
	}
	if nonNull {
		f |= FieldNonNull
	}
	return f
}

func TestFieldFlagsAreDistinct(t *testing.T) {
	all := []FieldFlags{FieldNonNull, FieldRecoverPanics, FieldConcurrent}
	var seen FieldFlags
	for _, f := range all {
		if f == FieldNullable || seen&f != 0 {
			t.Errorf("flag %b is empty or overlaps %b", f, seen)
		}
		seen |= f
	}
	set := FieldNonNull | FieldConcurrent
	for _, tt := range []struct {
		want FieldFlags
		has  bool
	}{
		{FieldNonNull, true}, {FieldConcurrent, true}, {FieldRecoverPanics, false},
		{FieldNonNull | FieldConcurrent, true}, {FieldNonNull | FieldRecoverPanics, false}, {FieldNullable, true},
	} {
		if got := set.Has(tt.want); got != tt.has {
			t.Errorf("(%b).Has(%b) = %v, want %v", set, tt.want, got, tt.has)
		}
	}
}
