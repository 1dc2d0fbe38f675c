package graphql

import (
	"errors"
	"io"
	"time"

	"github.com/sosodev/duration"
)

// timeMarshaler writes a Time as a quoted RFC 3339 string.
type timeMarshaler time.Time

func (m timeMarshaler) MarshalGQL(w io.Writer) {
	dst, p := beginWrite(w, len(time.RFC3339Nano)+2)
	endWrite(w, m.appendGQL(dst, nil), p)
}

func (m timeMarshaler) appendGQL(dst []byte, _ *wireState) []byte {
	return appendQuotedTime(dst, time.Time(m), time.RFC3339Nano)
}

// dateMarshaler writes a Date as a quoted "2006-01-02" string.
type dateMarshaler time.Time

func (m dateMarshaler) MarshalGQL(w io.Writer) {
	dst, p := beginWrite(w, len(time.DateOnly)+2)
	endWrite(w, m.appendGQL(dst, nil), p)
}

func (m dateMarshaler) appendGQL(dst []byte, _ *wireState) []byte {
	return appendQuotedTime(dst, time.Time(m), time.DateOnly)
}

// appendQuotedTime appends t formatted with layout, in quotes. The layouts
// used produce only ASCII digits and punctuation, so no escaping is needed.
func appendQuotedTime(dst []byte, t time.Time, layout string) []byte {
	dst = append(dst, '"')
	dst = t.AppendFormat(dst, layout)
	return append(dst, '"')
}

// MarshalTime writes t as an RFC 3339 string with as many fractional digits
// as it needs, in t's own offset. The zero time is written as null (and the
// Null singleton is returned).
func MarshalTime(t time.Time) Marshaler {
	if t.IsZero() {
		return Null
	}
	return timeMarshaler(t)
}

var errTimeFormat = errors.New("time should be RFC3339Nano formatted string")

// UnmarshalTime accepts a string in RFC 3339 form (with or without
// fractional seconds) or in the "2006-01-02 15:04:05" form, which is read as
// UTC. nil and "" give the zero time.
func UnmarshalTime(v any) (time.Time, error) {
	switch v := v.(type) {
	case nil:
		return time.Time{}, nil
	case string:
		if v == "" {
			return time.Time{}, nil
		}
		for _, layout := range [...]string{time.RFC3339Nano, time.RFC3339, time.DateTime} {
			if t, err := time.Parse(layout, v); err == nil {
				return t, nil
			}
		}
	}
	return time.Time{}, errTimeFormat
}

// MarshalDate writes the calendar date of t, in t's own location, as a
// "2006-01-02" string. The zero time is written as null (and the Null
// singleton is returned).
func MarshalDate(t time.Time) Marshaler {
	if t.IsZero() {
		return Null
	}
	return dateMarshaler(t)
}

var errDateFormat = errors.New("time should be DateOnly formatted string")

// UnmarshalDate accepts a "2006-01-02" string and gives midnight UTC of that
// day. nil and "" give the zero time.
func UnmarshalDate(v any) (time.Time, error) {
	switch v := v.(type) {
	case nil:
		return time.Time{}, nil
	case string:
		if v == "" {
			return time.Time{}, nil
		}
		if t, err := time.Parse(time.DateOnly, v); err == nil {
			return t, nil
		}
	}
	return time.Time{}, errDateFormat
}

// MarshalDuration writes d as an ISO 8601 duration string such as "PT1H30M"
// (a day counts as exactly 24 hours).
func MarshalDuration(d time.Duration) Marshaler {
	return stringMarshaler(duration.Format(d))
}

var errDurationInput = errors.New("input must be a string")

// UnmarshalDuration reads an ISO 8601 duration string ("PT20.345S", "P2D",
// ...), with a day counted as exactly 24 hours.
func UnmarshalDuration(v any) (time.Duration, error) {
	s, ok := v.(string)
	if !ok {
		return 0, errDurationInput
	}
	d, err := duration.Parse(s)
	if err != nil {
		return 0, err
	}
	return d.ToTimeDuration(), nil
}
