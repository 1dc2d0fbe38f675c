// Package models holds the Star Wars types: the hand-written ones below, bound
// in gqlgen.yml, and the generated ones (enums, inputs, the connection types)
// in generated.go.
package models

// feetPerMeter converts metres to feet.
const feetPerMeter = 3.28084

// Convert returns a length given in metres in unit.
func Convert(meters float64, unit LengthUnit) float64 {
	if unit == LengthUnitFoot {
		return meters * feetPerMeter
	}
	return meters
}

// Character is the Go side of the GraphQL interface Character. Binding it to
// our own interface (instead of letting the generator write one) lets the
// shared fields be plain methods.
type Character interface {
	// CharacterID is the character's id, shared by Human and Droid.
	CharacterID() string
	// FriendIDs are the ids of the character's friends, in order.
	FriendIDs() []string
}

// SearchResult is the Go side of the union SearchResult.
type SearchResult interface {
	isSearchResult()
}

// Person is what Human and Droid have in common.
type Person struct {
	ID        string
	Name      string
	Friends   []string
	AppearsIn []Episode
}

// CharacterID implements Character.
func (p *Person) CharacterID() string { return p.ID }

// FriendIDs implements Character.
func (p *Person) FriendIDs() []string { return p.Friends }

// Human is a person from the films. Height is kept in metres; the GraphQL
// field converts it with a bound method that takes the argument.
type Human struct {
	Person
	HeightMeters float64
	Mass         *float64
	StarshipIDs  []string
}

// Height answers Human.height(unit): the generator binds a method whose
// parameters match the field's arguments, so no resolver is needed.
func (h *Human) Height(unit LengthUnit) float64 { return Convert(h.HeightMeters, unit) }

func (*Human) isSearchResult() {}

// Droid is a robot from the films.
type Droid struct {
	Person
	PrimaryFunction string
}

func (*Droid) isSearchResult() {}

// Starship is a ship a human may fly. Its length is converted by a resolver
// (see the starwars package) to show the other way of handling arguments.
type Starship struct {
	ID           string
	Name         string
	LengthMeters float64
}

func (*Starship) isSearchResult() {}
