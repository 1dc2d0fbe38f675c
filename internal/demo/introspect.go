package main

import (
	"bytes"
	"context"
	"reflect"
	"strconv"
	"strings"

	"github.com/99designs/gqlgen/graphql"
)

// writeIntrospection answers an introspection selection by walking the
// graphql/introspection wrappers with reflection: each GraphQL field is the
// method or struct field of the same name (args and inputFields use their
// Visible* forms, which take includeDeprecated). Generated code does this
// with typed code; the demo keeps it short.
func writeIntrospection(ctx context.Context, oc *graphql.OperationContext, f graphql.CollectedField, v any, out *bytes.Buffer) {
	writeValue(oc, f, reflect.ValueOf(v), out)
}

func writeValue(oc *graphql.OperationContext, f graphql.CollectedField, v reflect.Value, out *bytes.Buffer) {
	for v.Kind() == reflect.Pointer || v.Kind() == reflect.Interface {
		if v.IsNil() {
			out.WriteString("null")
			return
		}
		if v.Kind() == reflect.Pointer && v.Elem().Kind() == reflect.Struct {
			break
		}
		v = v.Elem()
	}
	switch v.Kind() {
	case reflect.String:
		graphql.MarshalString(v.String()).MarshalGQL(out)
	case reflect.Bool:
		graphql.MarshalBoolean(v.Bool()).MarshalGQL(out)
	case reflect.Slice:
		out.WriteByte('[')
		for i := range v.Len() {
			if i > 0 {
				out.WriteByte(',')
			}
			writeValue(oc, f, v.Index(i).Addr(), out)
		}
		out.WriteByte(']')
	case reflect.Pointer:
		writeObject(oc, f, v, out)
	default:
		out.WriteString("null")
	}
}

func writeObject(oc *graphql.OperationContext, f graphql.CollectedField, obj reflect.Value, out *bytes.Buffer) {
	typeName := "__" + obj.Elem().Type().Name()
	if typeName == "__Value" {
		typeName = "__InputValue"
	}
	out.WriteByte('{')
	for i, sub := range graphql.CollectFields(oc, f.Selections, []string{typeName}) {
		if i > 0 {
			out.WriteByte(',')
		}
		out.WriteString(strconv.Quote(sub.Alias) + ":")
		if sub.Name == "__typename" {
			out.WriteString(strconv.Quote(typeName))
			continue
		}
		writeValue(oc, sub, member(oc, sub, obj), out)
	}
	out.WriteByte('}')
}

// member finds the value of field sub on obj.
func member(oc *graphql.OperationContext, sub graphql.CollectedField, obj reflect.Value) reflect.Value {
	name := strings.ToUpper(sub.Name[:1]) + sub.Name[1:]
	switch name {
	case "Args", "InputFields":
		name = "Visible" + name
	case "SpecifiedByURL":
	}
	if m := obj.MethodByName(name); m.IsValid() {
		var in []reflect.Value
		if m.Type().NumIn() == 1 {
			include, _ := sub.ArgumentMap(oc.Variables)["includeDeprecated"].(bool)
			in = append(in, reflect.ValueOf(include))
		}
		return m.Call(in)[0]
	}
	if fv := obj.Elem().FieldByName(name); fv.IsValid() {
		return fv
	}
	return reflect.Value{}
}
