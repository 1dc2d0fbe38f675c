package graphql

import (
	"io"
	"math"
	"strconv"
)

// The Set methods are the fast path of generated code for fields whose
// value is a plain Go value (a struct field of a built-in scalar type) and
// which no field middleware has to see (see OperationContext.HasFieldMiddleware).
// On a FieldSet from NewFieldSetWithScalars the value is kept in the set's
// own storage and Values[i] points at it, so storing it allocates nothing;
// on any other FieldSet they fall back to the Marshal function of the type.
// The bytes written are those of MarshalString, MarshalInt, MarshalUint,
// MarshalFloat and MarshalBoolean.

// scalarSlot holds one scalar field value inside a FieldSet. Which member
// is used, and how it is written, depends on the pointer type Values holds
// it as: *stringSlot, *intSlot, *uintSlot or *floatSlot.
type scalarSlot struct {
	text string
	bits uint64
}

type (
	stringSlot scalarSlot
	intSlot    scalarSlot
	uintSlot   scalarSlot
	floatSlot  scalarSlot
)

func (s *stringSlot) MarshalGQL(w io.Writer) { writeGQLString(w, s.text) }
func (s *stringSlot) appendGQL(dst []byte, ws *wireState) []byte {
	return appendString(dst, s.text, ws)
}

func (s *intSlot) MarshalGQL(w io.Writer) { intMarshaler(s.bits).MarshalGQL(w) }
func (s *intSlot) appendGQL(dst []byte, _ *wireState) []byte {
	return strconv.AppendInt(dst, int64(s.bits), 10)
}

func (s *uintSlot) MarshalGQL(w io.Writer) { uintMarshaler(s.bits).MarshalGQL(w) }
func (s *uintSlot) appendGQL(dst []byte, _ *wireState) []byte {
	return strconv.AppendUint(dst, s.bits, 10)
}

func (s *floatSlot) MarshalGQL(w io.Writer) {
	floatMarshaler(math.Float64frombits(s.bits)).MarshalGQL(w)
}
func (s *floatSlot) appendGQL(dst []byte, ws *wireState) []byte {
	return floatMarshaler(math.Float64frombits(s.bits)).appendGQL(dst, ws)
}

// slot returns the storage for field i, or nil if the set has none.
func (m *FieldSet) slot(i int) *scalarSlot {
	if uint(i) >= uint(len(m.slots)) {
		return nil
	}
	return &m.slots[i]
}

// CountInvalid counts field i's result in Invalids when it makes the
// object null: Null for a field with FieldNonNull in flags, RequiredNull
// for a nullable one.
// Generated code calls it after storing a result in Values.
//
// The FieldSet setters of this file are kept out of line (go:noinline):
// inlined, they were most of the code of every generated object's field
// loop, which costs every build of a schema more compile time than the
// call costs a request.
//
//go:noinline
func (m *FieldSet) CountInvalid(i int, flags FieldFlags) {
	if m.Values[i] == invalidResult(flags.Has(FieldNonNull)) {
		m.Invalids++
	}
}

// SetString stores s, a String or ID, as the value of field i.
//
//go:noinline
func (m *FieldSet) SetString(i int, s string) {
	if sl := m.slot(i); sl != nil {
		sl.text = s
		m.Values[i] = (*stringSlot)(sl)
		return
	}
	m.Values[i] = MarshalString(s)
}

// SetInt stores n, an Int (of any Go integer type), as the value of field i.
//
//go:noinline
func (m *FieldSet) SetInt(i int, n int64) {
	if sl := m.slot(i); sl != nil {
		sl.bits = uint64(n)
		m.Values[i] = (*intSlot)(sl)
		return
	}
	m.Values[i] = MarshalInt64(n)
}

// SetUint stores n, an unsigned integer, as the value of field i.
//
//go:noinline
func (m *FieldSet) SetUint(i int, n uint64) {
	if sl := m.slot(i); sl != nil {
		sl.bits = n
		m.Values[i] = (*uintSlot)(sl)
		return
	}
	m.Values[i] = MarshalUint64(n)
}

// SetFloat stores f as the value of field i and reports true, if f is
// finite. NaN and the infinities are not stored and it reports false: JSON
// cannot hold them, and what to do about that (MarshalFloatContext reports
// an error at the field's path) needs the field's context, so the caller
// takes its ordinary path for the field instead.
func (m *FieldSet) SetFloat(i int, f float64) bool {
	if math.IsInf(f, 0) || math.IsNaN(f) {
		return false
	}
	if sl := m.slot(i); sl != nil {
		sl.bits = math.Float64bits(f)
		m.Values[i] = (*floatSlot)(sl)
		return true
	}
	m.Values[i] = MarshalFloat(f)
	return true
}

// SetBoolean stores b as the value of field i. It never allocates.
//
//go:noinline
func (m *FieldSet) SetBoolean(i int, b bool) {
	m.Values[i] = MarshalBoolean(b)
}
