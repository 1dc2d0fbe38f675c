package modelgen

import (
	"fmt"
	"strings"

	"github.com/vektah/gqlparser/v2/ast"

	"github.com/99designs/gqlgen/codegen/config"
)

// jsonTag is the struct tag every generated schema field starts with. A
// nullable field gets omitempty unless enable_model_json_omitempty_tag is
// false, and omitzero when enable_model_json_omitzero_tag is true (the
// configuration defaults the latter to false).
func jsonTag(cfg *config.Config, field *ast.FieldDefinition) string {
	opts := field.Name
	if !field.Type.NonNull {
		if enabled(cfg.EnableModelJsonOmitemptyTag) {
			opts += ",omitempty"
		}
		if enabled(cfg.EnableModelJsonOmitzeroTag) {
			opts += ",omitzero"
		}
	}
	return `json:"` + opts + `"`
}

// enabled reads an optional switch whose absence means on.
func enabled(b *bool) bool { return b == nil || *b }

// GoTagFieldHook adds a key:"value" pair to f.Tag for each @goTag(key,
// value) on the field; value defaults to the field's schema name. A pair
// replaces an earlier one with the same key, so @goTag(key: "json") overrides
// the generated json tag.
func GoTagFieldHook(td *ast.Definition, fd *ast.FieldDefinition, f *Field) (*Field, error) {
	var pairs []string
	for _, d := range fd.Directives.ForNames("goTag") {
		key := stringArg(d, "key", "")
		value := stringArg(d, "value", fd.Name)
		pairs = append(pairs, key+`:"`+value+`"`)
	}
	if len(pairs) > 0 {
		f.Tag = removeDuplicateTags(f.Tag + " " + strings.Join(pairs, " "))
	}
	return f, nil
}

// stringArg returns the string value of directive argument name, or def when
// the argument is absent, null or not a string.
func stringArg(d *ast.Directive, name, def string) string {
	arg := d.Arguments.ForName(name)
	if arg == nil {
		return def
	}
	v, err := arg.Value.Value(nil)
	if err != nil {
		return def
	}
	if s, ok := v.(string); ok {
		return s
	}
	return def
}

// removeDuplicateTags keeps, for each key of the struct tag t, only its last
// key:"value" pair, at the position of that last pair. It panics on a pair
// without a colon or with a value that has spaces around a comma- or
// semicolon-separated item: such tags come from a mistyped @goTag, and the
// field hook has no error to return them through.
func removeDuplicateTags(t string) string {
	pairs := splitTagsBySpace(t)
	seen := make(map[string]bool, len(pairs))
	kept := make([]string, 0, len(pairs))
	for i := len(pairs) - 1; i >= 0; i-- {
		pair := pairs[i]
		if pair == "" {
			continue
		}
		key, value, ok := strings.Cut(pair, ":")
		if !ok {
			panic(fmt.Errorf("wrong format of tags: %s. goTag directive should be in format: "+
				`@goTag(key: "something", value:"value"), `, t))
		}
		if seen[key] {
			continue
		}
		seen[key] = true
		if containsInvalidSpace(value) {
			panic(fmt.Errorf("tag value should not contain any leading or trailing spaces: %s", value))
		}
		kept = append(kept, pair)
	}
	for i, j := 0, len(kept)-1; i < j; i, j = i+1, j-1 {
		kept[i], kept[j] = kept[j], kept[i]
	}
	return strings.Join(kept, " ")
}

// splitTagsBySpace splits a struct tag into its key:"value" pairs: at
// spaces, except inside double quotes.
func splitTagsBySpace(tagsString string) []string {
	var (
		pairs  []string
		start  int
		quoted bool
	)
	for i := 0; i < len(tagsString); i++ {
		switch tagsString[i] {
		case '"':
			quoted = !quoted
		case ' ':
			if !quoted {
				pairs = append(pairs, tagsString[start:i])
				start = i + 1
			}
		}
	}
	return append(pairs, tagsString[start:])
}

// containsInvalidSpace reports whether a tag value (quotes included or not)
// has leading or trailing space in one of its items. Items are separated by
// commas, or else by semicolons (gorm style); a value with neither is one
// item. Spaces inside an item ("not null") are fine.
func containsInvalidSpace(valuesString string) bool {
	v := strings.ReplaceAll(valuesString, `"`, "")
	sep := ""
	switch {
	case strings.Contains(v, ","):
		sep = ","
	case strings.Contains(v, ";"):
		sep = ";"
	}
	items := []string{v}
	if sep != "" {
		items = strings.Split(v, sep)
	}
	for _, item := range items {
		if strings.TrimSpace(item) != item {
			return true
		}
	}
	return false
}
