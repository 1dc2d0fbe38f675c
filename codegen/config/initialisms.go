package config

import (
	"strings"

	"github.com/99designs/gqlgen/codegen/templates"
)

// GoInitialismsConfig is the go_initialisms section: words that Go names
// spell in upper case (userId → UserID).
type GoInitialismsConfig struct {
	// ReplaceDefaults makes Initialisms the whole list instead of additions
	// to templates.CommonInitialisms.
	ReplaceDefaults bool `yaml:"replace_defaults"`
	// Initialisms are the words to add (any case; stored upper case).
	Initialisms []string `yaml:"initialisms"`
}

// setInitialisms installs the configured set as templates.GetInitialisms.
// The set is computed once, here, not on every naming call.
func (i GoInitialismsConfig) setInitialisms() {
	set := i.determineGoInitialisms()
	templates.GetInitialisms = func() map[string]bool { return set }
}

func (i GoInitialismsConfig) determineGoInitialisms() map[string]bool {
	set := make(map[string]bool, len(templates.CommonInitialisms)+len(i.Initialisms))
	if !i.ReplaceDefaults {
		for word, on := range templates.CommonInitialisms {
			set[strings.ToUpper(word)] = on
		}
	}
	for _, word := range i.Initialisms {
		set[strings.ToUpper(word)] = true
	}
	return set
}
