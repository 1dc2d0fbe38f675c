//go:build !goexperiment.jsonv2

package codec

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
)

// SlowUnmarshal is encoding/json with UseNumber and nothing else, its
// syntax errors json.Unmarshal's own: the reference the fuzz targets
// compare every codec with (stdUnmarshal takes its syntax errors from
// internal/jsonscan; this does not).
func SlowUnmarshal(data []byte, v any) error {
	d := json.NewDecoder(bytes.NewReader(data))
	d.UseNumber()
	err := d.Decode(v)
	if err == nil && strings.TrimLeft(string(data[d.InputOffset():]), " \t\r\n") == "" {
		return nil
	}
	var probe struct{}
	if perr := json.Unmarshal(data, &probe); errors.As(perr, new(*json.SyntaxError)) {
		return perr
	}
	return err
}
