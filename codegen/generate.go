package codegen

import "log"

// IncrementalOptions tunes GenerateCodeIncremental.
type IncrementalOptions struct {
	// Verbose logs what the change affects.
	Verbose bool
	// ChangedSchemas are the schema files that changed since the last
	// run; empty means everything.
	ChangedSchemas []string
}

// GenerateCodeIncremental is GenerateCode for repeated runs. Every file is
// rendered, but one whose content is unchanged is not rewritten, so its
// modification time and Go's build cache stay valid. ChangedSchemas is used
// for logging only.
func GenerateCodeIncremental(data *Data, opts IncrementalOptions) error {
	if opts.Verbose && len(opts.ChangedSchemas) > 0 && data.Config.Exec.IsDefined() {
		logAffected(data, opts.ChangedSchemas)
	}
	return GenerateCode(data)
}

// logAffected logs how far a change to the schema files changed reaches.
func logAffected(data *Data, changed []string) {
	g := BuildDependencyGraph(data.Config.Schema)
	affected := g.GetAffectedSchemas(changed)
	types := g.GetTypesForSchemas(affected)
	log.Printf("[incremental] Changed: %d, Affected: %d schemas, %d types\n", len(changed), len(affected), len(types))
}
