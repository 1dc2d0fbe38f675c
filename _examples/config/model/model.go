// Package model holds the config example's Go types: User and Todo written
// by hand (bound by autobind), the rest generated into models_gen.go by the
// modelgen plugin with this example's hooks (see ../generate).
package model

// User is bound to the schema's User by autobind: same name, this package.
type User struct {
	ID   int
	Name string
	Role Role
}

// Todo is bound to the schema's Todo by autobind. Description answers the
// text field (a fieldName entry in gqlgen.yml); owner is resolved from
// OwnerID by a resolver, since Todo has no Owner field.
type Todo struct {
	ID          int
	Description string
	Done        bool
	OwnerID     int
}
