package generated

// User is the User type. Its id is a plain struct field, its email a
// method, its name and friends resolvers, so that each way generated code
// reaches a field is on the wire.
type User struct {
	ID   string
	Name string
}

// Email is the User.email field.
func (u *User) Email() *string {
	s := u.Name + "@example.com"
	return &s
}

// IsNode marks User as a Node.
func (*User) IsNode() {}

// GetID is Node.id.
func (u *User) GetID() string { return u.ID }
