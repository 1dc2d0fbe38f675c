package builtinjson

import "testing"

func TestIsNumberLiteral(t *testing.T) {
	for _, s := range []string{"0", "-0", "1", "-12", "1.5", "0.0", "1e5", "1E+5", "1e-05", "-0.5e+10", "123456789012345678901234567890"} {
		if !isNumberLiteral(s) {
			t.Errorf("%q: not a number, want one", s)
		}
	}
	for _, s := range []string{"", "-", "01", "-01", "1.", ".5", "1e", "1e+", "+1", "1.5.5", "0x10", "NaN", "1 ", " 1", "--1", "1e5e5"} {
		if isNumberLiteral(s) {
			t.Errorf("%q: a number, want not", s)
		}
	}
}
