package complexity

// Option adjusts how Calculate counts.
type Option func(*settings)

type settings struct {
	// scalarValue is what a scalar or enum field costs without a complexity
	// function of its own.
	scalarValue int
	// ignore holds "Type.field" names that cost nothing.
	ignore map[string]struct{}
}

// WithFixedScalarValue makes a scalar or enum field without a complexity
// function of its own cost v instead of 1.
func WithFixedScalarValue(v int) Option {
	return func(s *settings) { s.scalarValue = v }
}

// WithIgnoreFields makes the fields named in m, as "Type.field", cost
// nothing, together with their selections.
func WithIgnoreFields(m map[string]struct{}) Option {
	return func(s *settings) { s.ignore = m }
}
