package graphql

import (
	"fmt"
	"io"

	"github.com/google/uuid"
)

// uuidMarshaler writes a UUID in its canonical 36-character form, quoted.
type uuidMarshaler uuid.UUID

func (u uuidMarshaler) MarshalGQL(w io.Writer) {
	dst, p := beginWrite(w, 38)
	endWrite(w, u.appendGQL(dst, nil), p)
}

func (u uuidMarshaler) appendGQL(dst []byte, _ *wireState) []byte {
	const lowerHex = "0123456789abcdef"
	dst = append(dst, '"')
	for i, b := range u {
		if i == 4 || i == 6 || i == 8 || i == 10 {
			dst = append(dst, '-')
		}
		dst = append(dst, lowerHex[b>>4], lowerHex[b&0x0f])
	}
	return append(dst, '"')
}

// MarshalUUID writes id as a string such as
// "f47ac10b-58cc-0372-8567-0e02b2c3d479". The nil UUID is written as null
// (and the Null singleton is returned).
func MarshalUUID(id uuid.UUID) Marshaler {
	if id == uuid.Nil {
		return Null
	}
	return uuidMarshaler(id)
}

// UnmarshalUUID parses a string or []byte in any form uuid.Parse accepts.
func UnmarshalUUID(v any) (uuid.UUID, error) {
	switch v := v.(type) {
	case string:
		return uuid.Parse(v)
	case []byte:
		return uuid.ParseBytes(v)
	}
	return uuid.Nil, fmt.Errorf("%T is not a uuid", v)
}
