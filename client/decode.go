package client

import (
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/go-viper/mapstructure/v2"

	"github.com/99designs/gqlgen/codec"
)

// decodeJSON decodes one JSON document with the built-in codec. The codec
// keeps numbers in interface values as json.Number; callers turn them into
// float64 with floatNumbers so that users see the values encoding/json's
// Unmarshal would give them.
func decodeJSON(data []byte, v any) error {
	return codec.Unmarshal(data, v)
}

// floatNumbers replaces every json.Number inside v, a value decoded into an
// interface, by its float64 value. Maps and slices are changed in place; the
// result is v itself unless v is a number.
func floatNumbers(v any) (any, error) {
	switch v := v.(type) {
	case json.Number:
		f, err := strconv.ParseFloat(string(v), 64)
		if err != nil {
			return nil, fmt.Errorf("json: cannot unmarshal number %s into Go value of type float64", v)
		}
		return f, nil
	case map[string]any:
		for k, e := range v {
			f, err := floatNumbers(e)
			if err != nil {
				return nil, err
			}
			v[k] = f
		}
	case []any:
		for i, e := range v {
			f, err := floatNumbers(e)
			if err != nil {
				return nil, err
			}
			v[i] = f
		}
	}
	return v, nil
}

// useFloats applies floatNumbers to the decoded parts of r.
func (r *Response) useFloats() (err error) {
	if r.Data, err = floatNumbers(r.Data); err != nil {
		return err
	}
	_, err = floatNumbers(r.Extensions)
	return err
}

// unpack copies decoded JSON into the caller's value with mapstructure, using
// the client's custom configuration when one was set.
func (p *Client) unpack(data, into any) error {
	cfg := mapstructure.DecoderConfig{
		TagName:     "json",
		ErrorUnused: true,
		ZeroFields:  true,
	}
	if p.dc != nil {
		cfg = *p.dc
	}
	cfg.Result = into

	d, err := mapstructure.NewDecoder(&cfg)
	if err != nil {
		return fmt.Errorf("mapstructure: %w", err)
	}
	return d.Decode(data)
}
