package graphql

import (
	"fmt"
	"strings"
)

// MarshalBoolean writes true or false. It returns the True and False
// singletons, so it never allocates.
func MarshalBoolean(b bool) Marshaler {
	if b {
		return True
	}
	return False
}

// UnmarshalBoolean accepts a bool, an int (non-zero is true) or a string
// (true in any letter case is true, anything else false); nil gives false.
func UnmarshalBoolean(v any) (bool, error) {
	switch v := v.(type) {
	case bool:
		return v, nil
	case string:
		return strings.EqualFold(v, "true"), nil
	case int:
		return v != 0, nil
	case nil:
		return false, nil
	}
	return false, fmt.Errorf("%T is not a bool", v)
}
