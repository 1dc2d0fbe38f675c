package graphql

import (
	"context"
	"errors"
	"testing"
)

// helperEC stands for a generated execution context; unmarshalInt is its
// unmarshaller of Int, which records the path it runs under.
type helperEC struct{ paths []string }

func (ec *helperEC) unmarshalInt(ctx context.Context, v any) (int, error) {
	ec.paths = append(ec.paths, GetPath(ctx).String())
	n, ok := v.(int)
	if !ok {
		return 0, errors.New("not an int")
	}
	return n, nil
}

// TestParseArg checks that an argument is coerced under a path naming it,
// an absent one stored as the zero value, and a failing one not stored.
func TestParseArg(t *testing.T) {
	ec := &helperEC{}
	ctx := context.Background()
	raw := map[string]any{"n": 7, "bad": "x"}
	args := map[string]any{}
	if err := ParseArg(ctx, ec, raw, "n", (*helperEC).unmarshalInt, args); err != nil || args["n"] != 7 {
		t.Fatalf("n: %v, args %v", err, args)
	}
	if err := ParseArg(ctx, ec, raw, "absent", (*helperEC).unmarshalInt, args); err != nil {
		t.Fatal(err)
	}
	if v, ok := args["absent"]; !ok || v != 0 {
		t.Errorf("absent argument stored as %v (present %t), want 0", v, ok)
	}
	if err := ParseArg(ctx, ec, raw, "bad", (*helperEC).unmarshalInt, args); err == nil || err.Error() != "not an int" {
		t.Errorf("bad: error %v", err)
	}
	if _, ok := args["bad"]; ok {
		t.Error("a failing argument was stored")
	}
	if want := []string{"n", "bad"}; !equalStrings(ec.paths, want) {
		t.Errorf("unmarshalled under paths %q, want %q", ec.paths, want)
	}
}

// TestUnmarshalInputField checks that a present field is unmarshalled
// under a path naming it into the destination, and that an absent or
// failing one leaves the destination alone.
func TestUnmarshalInputField(t *testing.T) {
	ec := &helperEC{}
	ctx := context.Background()
	raw := map[string]any{"n": 7, "bad": "x"}
	dst := -1
	if err := UnmarshalInputField(ctx, ec, raw, "n", (*helperEC).unmarshalInt, &dst); err != nil || dst != 7 {
		t.Fatalf("n: %v, dst %d", err, dst)
	}
	dst = -1
	if err := UnmarshalInputField(ctx, ec, raw, "absent", (*helperEC).unmarshalInt, &dst); err != nil || dst != -1 {
		t.Errorf("absent: %v, dst %d", err, dst)
	}
	if err := UnmarshalInputField(ctx, ec, raw, "bad", (*helperEC).unmarshalInt, &dst); err == nil || dst != -1 {
		t.Errorf("bad: %v, dst %d", err, dst)
	}
	if want := []string{"n", "bad"}; !equalStrings(ec.paths, want) {
		t.Errorf("unmarshalled under paths %q, want %q", ec.paths, want)
	}
}
