package errcode

import (
	"errors"
	"fmt"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/vektah/gqlparser/v2/gqlerror"
)

// withCode builds an error whose extensions.code is code.
func withCode(code any) *gqlerror.Error {
	return &gqlerror.Error{Message: "m", Extensions: map[string]any{"code": code}}
}

func TestSet(t *testing.T) {
	tests := []struct {
		name string
		err  error
		want map[string]any // extensions after Set; nil means "unchanged / n/a"
	}{
		{
			name: "creates extensions",
			err:  &gqlerror.Error{Message: "boom"},
			want: map[string]any{"code": "X"},
		},
		{
			name: "keeps other extensions",
			err:  &gqlerror.Error{Extensions: map[string]any{"retry": true}},
			want: map[string]any{"retry": true, "code": "X"},
		},
		{
			name: "overwrites an existing code",
			err:  withCode("OLD"),
			want: map[string]any{"code": "X"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			Set(tt.err, "X")
			var gqlErr *gqlerror.Error
			require.True(t, errors.As(tt.err, &gqlErr))
			assert.Equal(t, tt.want, gqlErr.Extensions)
		})
	}
}

func TestSetIgnoresOtherErrors(t *testing.T) {
	inner := &gqlerror.Error{Message: "inner"}
	tests := []struct {
		name string
		err  error
	}{
		{"nil interface", nil},
		{"typed nil", (*gqlerror.Error)(nil)},
		{"plain error", errors.New("plain")},
		{"wrapped gqlerror is not unwrapped", fmt.Errorf("ctx: %w", inner)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.NotPanics(t, func() { Set(tt.err, "X") })
		})
	}
	assert.Nil(t, inner.Extensions)
}

func TestGetErrorKind(t *testing.T) {
	tests := []struct {
		name string
		errs gqlerror.List
		want ErrorKind
	}{
		{"no errors", nil, KindUser},
		{"no extensions", gqlerror.List{{Message: "x"}}, KindUser},
		{"parse failure", gqlerror.List{withCode(ParseFailed)}, KindProtocol},
		{"validation failure", gqlerror.List{withCode(ValidationFailed)}, KindProtocol},
		{"unregistered code", gqlerror.List{withCode("SOMETHING_ELSE")}, KindUser},
		{"code is not a string", gqlerror.List{withCode(42)}, KindUser},
		{
			name: "protocol error after user errors",
			errs: gqlerror.List{{Message: "a"}, withCode("OTHER"), withCode(ParseFailed)},
			want: KindProtocol,
		},
		{"nil entries are skipped", gqlerror.List{nil, withCode(ValidationFailed)}, KindProtocol},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, GetErrorKind(tt.errs))
		})
	}
}

func TestSetThenGetErrorKind(t *testing.T) {
	err := &gqlerror.Error{Message: "bad"}
	Set(err, ValidationFailed)
	assert.Equal(t, KindProtocol, GetErrorKind(gqlerror.List{err}))
}

func TestRegisterErrorType(t *testing.T) {
	const code = "TEST_REGISTER_ERROR_TYPE"
	errs := gqlerror.List{withCode(code)}

	require.Equal(t, KindUser, GetErrorKind(errs))

	RegisterErrorType(code, KindProtocol)
	assert.Equal(t, KindProtocol, GetErrorKind(errs))

	// Registering as KindUser demotes the code again.
	RegisterErrorType(code, KindUser)
	assert.Equal(t, KindUser, GetErrorKind(errs))

	// Built-in codes can be reclassified too; restore afterwards.
	RegisterErrorType(ParseFailed, KindUser)
	t.Cleanup(func() { RegisterErrorType(ParseFailed, KindProtocol) })
	assert.Equal(t, KindUser, GetErrorKind(gqlerror.List{withCode(ParseFailed)}))
}

func TestRegisterErrorTypeCustomKind(t *testing.T) {
	const code = "TEST_CUSTOM_KIND"
	const custom = ErrorKind(7)
	RegisterErrorType(code, custom)
	assert.Equal(t, custom, GetErrorKind(gqlerror.List{withCode(code), withCode(ParseFailed)}))
}

func TestRegisterErrorTypeConcurrent(t *testing.T) {
	var wg sync.WaitGroup
	for i := range 8 {
		code := fmt.Sprintf("TEST_CONCURRENT_%d", i)
		wg.Go(func() {
			RegisterErrorType(code, KindProtocol)
		})
		wg.Go(func() {
			GetErrorKind(gqlerror.List{withCode(code)})
		})
	}
	wg.Wait()
	for i := range 8 {
		code := fmt.Sprintf("TEST_CONCURRENT_%d", i)
		assert.Equal(t, KindProtocol, GetErrorKind(gqlerror.List{withCode(code)}), code)
	}
}

func TestKindValues(t *testing.T) {
	// Transports switch on these values; their order is part of the API.
	assert.Equal(t, ErrorKind(0), KindProtocol)
	assert.Equal(t, ErrorKind(1), KindUser)
	assert.Equal(t, "GRAPHQL_VALIDATION_FAILED", ValidationFailed)
	assert.Equal(t, "GRAPHQL_PARSE_FAILED", ParseFailed)
}
