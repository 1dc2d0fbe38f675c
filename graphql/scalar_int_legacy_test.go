package graphql

import (
	"errors"
	"testing"
)

// Code written for v0.17.58 to v0.17.78 finds the overflow types of those
// releases with errors.As.
func TestLegacyOverflowErrors(t *testing.T) {
	_, err := UnmarshalInt32(int64(1) << 40)
	var i32 *Int32OverflowError
	if !errors.As(err, &i32) || i32.Value != 1<<40 || i32.Error() != "1099511627776 overflows signed 32-bit integer" {
		t.Fatalf("UnmarshalInt32: %v as %+v", err, i32)
	}
	var ie *IntegerError
	if !errors.As(i32, &ie) || ie.Message != i32.Message {
		t.Errorf("Int32OverflowError does not unwrap to its IntegerError: %v", ie)
	}
	_, err = UnmarshalInt32("-2147483649")
	if !errors.As(err, &i32) || i32.Value != -2147483649 {
		t.Errorf("negative: %v as %+v", err, i32)
	}

	_, err = UnmarshalUint32(uint64(1) << 33)
	var u32 *Uint32OverflowError
	if !errors.As(err, &u32) || u32.Value != 1<<33 || u32.Error() != "8589934592 overflows unsigned 32-bit integer" {
		t.Fatalf("UnmarshalUint32: %v as %+v", err, u32)
	}
	if !errors.As(u32, &ie) {
		t.Error("Uint32OverflowError does not unwrap to its IntegerError")
	}

	// Still v0.17.98's error, and only a value outside 32 bits matches.
	var overflow *NumberOverflowError
	if !errors.As(err, &overflow) {
		t.Errorf("not a *NumberOverflowError: %T", err)
	}
	_, err = UnmarshalInt8(300)
	if err == nil || errors.As(err, &i32) {
		t.Errorf("an int8 overflow inside int32's range: %v", err)
	}
	_, err = UnmarshalUint16(70000)
	if err == nil || errors.As(err, &u32) {
		t.Errorf("a uint16 overflow inside uint32's range: %v", err)
	}
	_, err = UnmarshalUint32(-1)
	if err == nil || errors.As(err, &u32) || errors.As(err, &i32) {
		t.Errorf("a sign error: %v", err)
	}
}
