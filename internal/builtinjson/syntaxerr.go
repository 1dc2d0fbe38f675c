package builtinjson

import (
	"encoding/json"
	"reflect"
	"unsafe"

	"github.com/99designs/gqlgen/internal/jsonscan"
)

// Syntax errors are found and worded by internal/jsonscan, as encoding/json
// without GOEXPERIMENT=jsonv2 words them (with the experiment, encoding/json
// words them otherwise; the reference is upstream's wire bytes). Callers get
// the *json.SyntaxError type encoding/json returns, so that errors.As keeps
// working; its message field is not exported, and is set through its
// offset, found once by reflection.

// syntaxMsgOffset is the offset of json.SyntaxError's message field, or -1
// (as ^uintptr(0)) if this Go version has no such string field: then the
// scanner's own error type, with the same text and offset, is returned.
var syntaxMsgOffset = func() uintptr {
	f, ok := reflect.TypeFor[json.SyntaxError]().FieldByName("msg")
	if !ok || f.Type.Kind() != reflect.String {
		return ^uintptr(0)
	}
	return f.Offset
}()

// syntaxError returns e as a *json.SyntaxError.
func syntaxError(e *jsonscan.SyntaxError) error {
	if syntaxMsgOffset == ^uintptr(0) {
		return e
	}
	se := &json.SyntaxError{Offset: e.Offset}
	*(*string)(unsafe.Add(unsafe.Pointer(se), syntaxMsgOffset)) = e.Msg
	return se
}
