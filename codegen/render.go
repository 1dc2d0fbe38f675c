package codegen

import "errors"

// GenerateCode writes the executable schema described by data, in the
// layout data.Config.Exec asks for.
func GenerateCode(data *Data) error {
	if !data.Config.Exec.IsDefined() {
		return errors.New("missing exec config")
	}
	return errors.New("codegen: not implemented yet")
}
