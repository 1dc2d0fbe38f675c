package introspection

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// deprecationInfo is what the three deprecatable introspection types report.
type deprecationInfo interface {
	IsDeprecated() bool
	DeprecationReason() *string
	Description() *string
}

func TestDeprecationAndDescription(t *testing.T) {
	s := testSchema(t)
	person := namedType(t, s, "Person")
	friends := field(t, person, "friends")
	order := namedType(t, s, "Order").EnumValues(true)
	filter := namedType(t, s, "Filter").InputFields()
	cached := directive(t, s, "cached")

	tests := []struct {
		name        string
		value       deprecationInfo
		deprecated  bool
		reason      *string
		description *string
	}{
		{"field", field(t, person, "name"), false, nil, ptr("Full name.")},
		{"field with reason", field(t, person, "nick"), true, ptr("use name"), nil},
		// A bare @deprecated on a field reports the directive's default
		// reason, but on enum values and input values it reports none.
		{"field without reason", field(t, person, "age"), true, ptr("No longer supported"), nil},
		{"argument", &friends.Args[0], false, nil, nil},
		{"argument with reason", &friends.Args[1], true, ptr("use cursor"), nil},
		{"argument with description", &friends.Args[3], false, nil, ptr("Sort direction.")},
		{"enum value", &order[0], false, nil, ptr("Smallest first.")},
		{"enum value with reason", &order[1], true, ptr("flip ASC"), nil},
		{"enum value without reason", &order[2], true, nil, nil},
		{"input field", &filter[0], false, nil, nil},
		{"input field with reason", &filter[1], true, ptr("use ages"), nil},
		{"input field without reason", &filter[2], true, nil, nil},
		{"directive argument with reason", &cached.Args[1], true, ptr("ignored"), nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.deprecated, tt.value.IsDeprecated())
			assert.Equal(t, str(tt.reason), str(tt.value.DeprecationReason()))
			assert.Equal(t, str(tt.description), str(tt.value.Description()))
		})
	}
}

func TestDefaultValues(t *testing.T) {
	s := testSchema(t)
	friends := field(t, namedType(t, s, "Person"), "friends")
	tests := []struct {
		name   string
		values []InputValue
		want   string
	}{
		{"field arguments", friends.Args, "first:Int=10 after:String cursor:String order:Order=ASC"},
		{
			name:   "input fields",
			values: namedType(t, s, "Filter").InputFields(),
			want:   `name:String="x" minAge:Int maxAge:Int ages:[Int!]=[1,2] order:Order=DESC nested:Filter`,
		},
		{"required argument", field(t, namedType(t, s, "Query"), "node").Args, "id:ID!"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, describeArgs(tt.values))
		})
	}
}

func TestVisibleInputValues(t *testing.T) {
	s := testSchema(t)
	fieldArgs := field(t, namedType(t, s, "Person"), "friends")
	directiveArgs := directive(t, s, "cached")
	input := namedType(t, s, "Filter")
	undeprecated := field(t, namedType(t, s, "Query"), "search")

	tests := []struct {
		name    string
		visible func(includeDeprecated bool) []InputValue
		all     []InputValue
		hidden  string
		shown   string
	}{
		{"__Field.args", fieldArgs.VisibleArgs, fieldArgs.Args, "first cursor order", "first after cursor order"},
		{"__Directive.args", directiveArgs.VisibleArgs, directiveArgs.Args, "ttl", "ttl legacy"},
		{"__Type.inputFields", input.VisibleInputFields, input.InputFields(), "name ages order nested", "name minAge maxAge ages order nested"},
		{"nothing deprecated", undeprecated.VisibleArgs, undeprecated.Args, "filter pick", "filter pick"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.hidden, joined(inputNames(tt.visible(false))))
			assert.Equal(t, tt.shown, joined(inputNames(tt.visible(true))))
			assert.Equal(t, tt.shown, joined(inputNames(tt.all)))
			for _, v := range tt.visible(false) {
				assert.False(t, v.IsDeprecated(), v.Name)
			}
		})
	}
}

func TestVisibleArgsOfEmptyLists(t *testing.T) {
	tests := []struct {
		name string
		args []InputValue
	}{
		{"nil", nil},
		{"empty", []InputValue{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := Field{Args: tt.args}
			d := Directive{Args: tt.args}
			// Filtering never yields nil, so the list encodes as [].
			assert.NotNil(t, f.VisibleArgs(false))
			assert.Empty(t, f.VisibleArgs(false))
			assert.NotNil(t, d.VisibleArgs(false))
			assert.Empty(t, d.VisibleArgs(false))
		})
	}
}

func TestVisibleArgsDoesNotModifyArgs(t *testing.T) {
	s := testSchema(t)
	f := field(t, namedType(t, s, "Person"), "friends")
	before := inputNames(f.Args)
	_ = f.VisibleArgs(false)
	require.Equal(t, before, inputNames(f.Args))
}

func TestZeroValues(t *testing.T) {
	// Values built outside this package have no description or deprecation.
	var (
		f Field
		v InputValue
		e EnumValue
		d Directive
	)
	for name, value := range map[string]deprecationInfo{"Field": &f, "InputValue": &v, "EnumValue": &e} {
		assert.False(t, value.IsDeprecated(), name)
		assert.Nil(t, value.DeprecationReason(), name)
		assert.Nil(t, value.Description(), name)
	}
	assert.Nil(t, d.Description())
}
