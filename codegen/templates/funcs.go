package templates

import (
	"bytes"
	"errors"
	"fmt"
	"go/types"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"text/template"

	"github.com/99designs/gqlgen/internal/generator/code"
)

// Funcs returns the functions available to every template Render executes.
// ref, obj, call, reserveImport and lookupImport add to CurrentImports and
// so work only while Render runs.
func Funcs() template.FuncMap {
	return template.FuncMap{
		"ucFirst":            UcFirst,
		"lcFirst":            LcFirst,
		"go":                 ToGo,
		"goPrivate":          ToGoPrivate,
		"goModelName":        ToGoModelName,
		"goPrivateModelName": ToGoPrivateModelName,
		"quote":              strconv.Quote,
		"rawQuote":           rawQuote,
		"dump":               Dump,
		"prefixLines":        prefixLines,
		"strSplit":           StrSplit,
		"dict":               dict,
		"notNil":             notNil,
		"add":                func(a, b int) int { return a + b },
		"ts":                 TypeIdentifier,
		"ref":                ref,
		"obj":                obj,
		"call":               Call,
		"reserveImport": func(path string, aliases ...string) (string, error) {
			if CurrentImports == nil {
				return "", errNotRendering
			}
			return CurrentImports.Reserve(path, aliases...)
		},
		"lookupImport": func(path string) (string, error) {
			if CurrentImports == nil {
				return "", errNotRendering
			}
			return CurrentImports.Lookup(path), nil
		},
		"render": renderFile,
	}
}

var errNotRendering = errors.New("import functions are only available while templates.Render runs")

// ref prints a type for use in the file being rendered. Empty interfaces
// print as any, also inside composite types.
func ref(t types.Type) string {
	return strings.ReplaceAll(CurrentImports.LookupType(t), "interface{}", "any")
}

// obj prints a qualified reference to a package-level object.
func obj(o types.Object) string {
	return qualified(o.Pkg(), o.Name())
}

// Call returns the qualified name to call function f by in the file being
// rendered, making sure the package of its first result type is imported
// as well.
func Call(f *types.Func) string {
	name := qualified(f.Pkg(), f.Name())
	if sig, ok := f.Type().(*types.Signature); ok && sig.Results().Len() > 0 {
		ref(sig.Results().At(0).Type())
	}
	return name
}

func qualified(pkg *types.Package, name string) string {
	if pkg == nil {
		return name
	}
	if q := CurrentImports.Lookup(pkg.Path()); q != "" {
		return q + "." + name
	}
	return name
}

// rawQuote writes s as a Go raw string literal; backquotes inside s are
// spliced in as interpreted literals.
func rawQuote(s string) string {
	return "`" + strings.ReplaceAll(s, "`", "`+\"`\"+`") + "`"
}

// prefixLines puts prefix in front of every line of s.
func prefixLines(prefix, s string) string {
	return prefix + strings.ReplaceAll(s, "\n", "\n"+prefix)
}

// StrSplit is strings.Split for templates.
func StrSplit(s, sep string) []string {
	return strings.Split(s, sep)
}

// dict builds a map from alternating keys and values, to pass several values
// to a sub-template.
func dict(kv ...any) (map[string]any, error) {
	if len(kv)%2 != 0 {
		return nil, fmt.Errorf("dict: %d arguments do not form key-value pairs", len(kv))
	}
	m := make(map[string]any, len(kv)/2)
	for i := 0; i < len(kv); i += 2 {
		key, ok := kv[i].(string)
		if !ok {
			return nil, fmt.Errorf("dict: key %d is a %T, not a string", i/2, kv[i])
		}
		m[key] = kv[i+1]
	}
	return m, nil
}

// notNil reports whether data (a struct or pointer to one) has a field named
// field holding a non-nil value. Fields of kinds that cannot be nil count as
// nil.
func notNil(field string, data any) bool {
	v := reflect.ValueOf(data)
	if v.Kind() == reflect.Pointer {
		v = v.Elem()
	}
	if v.Kind() != reflect.Struct {
		return false
	}
	f := v.FieldByName(field)
	if !f.IsValid() {
		return false
	}
	switch f.Kind() {
	case reflect.Chan, reflect.Func, reflect.Interface, reflect.Map, reflect.Pointer, reflect.Slice, reflect.UnsafePointer:
		return !f.IsNil()
	}
	return false
}

// Dump writes a GraphQL value as decoded by gqlparser (nil, bool, int,
// int64, float64, string, []any, map[string]any) as a Go expression. Maps
// are written with sorted keys. Any other type is a bug in the caller and
// panics.
func Dump(val any) string {
	switch v := val.(type) {
	case nil:
		return "nil"
	case bool:
		return strconv.FormatBool(v)
	case int:
		return strconv.Itoa(v)
	case int64:
		return strconv.FormatInt(v, 10)
	case float64:
		return strconv.FormatFloat(v, 'f', 6, 64)
	case string:
		return strconv.Quote(v)
	case []any:
		items := make([]string, len(v))
		for i, item := range v {
			items[i] = Dump(item)
		}
		return "[]any{" + strings.Join(items, ",") + "}"
	case map[string]any:
		var b strings.Builder
		b.WriteString("map[string]any{")
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			b.WriteString(strconv.Quote(k) + ":" + Dump(v[k]) + ",")
		}
		b.WriteString("}")
		return b.String()
	}
	panic(fmt.Errorf("templates.Dump: unsupported type %T", val))
}

// identifierReplacer maps the characters of an import path that cannot
// appear in a Go identifier to letters that can.
var identifierReplacer = strings.NewReplacer("/", "ᚋ", ".", "ᚗ", "-", "ᚑ", "~", "א")

// TypeIdentifier turns a type into a string usable inside a Go identifier,
// distinct for distinct types, for naming per-type marshal functions:
// pointers become "ᚖ", slices "ᚕ", a named type its package path (made
// identifier-safe) then "ᚐ" and its name. Basic types give their name, maps
// "map" and interfaces "interface"; any other kind of type panics. Aliases
// are resolved first and type arguments are ignored.
func TypeIdentifier(t types.Type) string {
	var b strings.Builder
	for {
		switch u := code.Unalias(t).(type) {
		case *types.Pointer:
			b.WriteString("ᚖ")
			t = u.Elem()
		case *types.Slice:
			b.WriteString("ᚕ")
			t = u.Elem()
		case *types.Named:
			if pkg := u.Obj().Pkg(); pkg != nil {
				b.WriteString(identifierReplacer.Replace(pkg.Path()))
			}
			b.WriteString("ᚐ" + u.Obj().Name())
			return b.String()
		case *types.Basic:
			b.WriteString(u.Name())
			return b.String()
		case *types.Map:
			b.WriteString("map")
			return b.String()
		case *types.Interface:
			b.WriteString("interface")
			return b.String()
		default:
			panic(fmt.Errorf("templates.TypeIdentifier: unsupported type %T", u))
		}
	}
}

// sourceDir is the directory of this package's source, the base for
// relative names given to the render template function.
func sourceDir() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Dir(file)
}

// renderFile executes the template file filename (relative to this
// package's source directory unless absolute) with data, using the standard
// functions, and returns the output.
func renderFile(filename string, data any) (*bytes.Buffer, error) {
	if !filepath.IsAbs(filename) {
		filename = filepath.Join(sourceDir(), filename)
	}
	src, err := os.ReadFile(filename)
	if err != nil {
		return nil, err
	}
	t, err := template.New(filepath.Base(filename)).Funcs(Funcs()).Parse(string(src))
	if err != nil {
		return nil, fmt.Errorf("parsing %s: %w", filename, err)
	}
	var buf bytes.Buffer
	if err := t.Execute(&buf, data); err != nil {
		return nil, err
	}
	return &buf, nil
}
