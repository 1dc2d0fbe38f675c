package templates

import (
	"strconv"
	"strings"
	"sync"
)

// modelNames hands out Go names for generated model entities (types, enum
// values) and guarantees that two different entities never get the same
// name, for the life of the process. An entity is identified by the parts it
// was named from, so asking again returns the same name.
var modelNames = newNameRegistry()

type nameRegistry struct {
	mu       sync.Mutex
	byEntity map[string]string // parts joined with ":" → name
	taken    map[string]bool   // names handed out
}

func newNameRegistry() *nameRegistry {
	return &nameRegistry{byEntity: map[string]string{}, taken: map[string]bool{}}
}

// resetModelNames forgets every name handed out.
func resetModelNames() {
	modelNames.mu.Lock()
	defer modelNames.mu.Unlock()
	modelNames.byEntity = map[string]string{}
	modelNames.taken = map[string]bool{}
}

// ToGoModelName names a model entity from its parts, for example an enum
// and one of its values: ToGoModelName("Color", "dark_red") → "ColorDarkRed".
// Every part is converted with ToGo and the results are joined. If the name
// is already held by a different entity, the later parts are instead kept as
// written (with characters invalid in identifiers replaced by "_"), trying
// from the last part backwards; as a last resort, and always for a
// single-part name, a number from 0 upwards is appended.
func ToGoModelName(parts ...string) string {
	return modelNames.name(ToGo, parts)
}

// ToGoPrivateModelName is ToGoModelName with the first part converted by
// ToGoPrivate.
func ToGoPrivateModelName(parts ...string) string {
	return modelNames.name(ToGoPrivate, parts)
}

func (r *nameRegistry) name(first func(string) string, parts []string) string {
	r.mu.Lock()
	defer r.mu.Unlock()

	key := strings.Join(parts, ":")
	if n, ok := r.byEntity[key]; ok {
		return n
	}
	claim := func(n string) string {
		r.byEntity[key] = n
		r.taken[n] = true
		return n
	}

	converted := func(ps []string) string {
		var b strings.Builder
		for i, p := range ps {
			if i == 0 {
				b.WriteString(first(p))
			} else {
				b.WriteString(ToGo(p))
			}
		}
		return b.String()
	}

	full := converted(parts)
	if !r.taken[full] {
		return claim(full)
	}
	if len(parts) > 1 {
		for keep := len(parts) - 1; keep >= 1; keep-- {
			var b strings.Builder
			b.WriteString(converted(parts[:keep]))
			for _, p := range parts[keep:] {
				b.WriteString(identifierChars(p))
			}
			if n := b.String(); !r.taken[n] {
				return claim(n)
			}
		}
	}
	for i := 0; ; i++ {
		if n := full + strconv.Itoa(i); !r.taken[n] {
			return claim(n)
		}
	}
}

// identifierChars replaces every rune other than an ASCII letter, digit or
// underscore with an underscore.
func identifierChars(s string) string {
	return strings.Map(func(r rune) rune {
		if r == '_' || ('0' <= r && r <= '9') || ('a' <= r && r <= 'z') || ('A' <= r && r <= 'Z') {
			return r
		}
		return '_'
	}, s)
}
