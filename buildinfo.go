package main

import (
	"runtime/debug"
	"strings"
)

// modulePath is this module's path, which is also upstream gqlgen's: a build
// can only tell the fork from upstream by what it says about itself, so
// `gqlgen version` says it.
const modulePath = "github.com/99designs/gqlgen"

// forkNote names this build as the codec-selectable fork, so that a bug
// report carrying `gqlgen version` output reaches the right project.
const forkNote = "clean-room fork of gqlgen with a choice of JSON codec (not upstream gqlgen)"

// moduleSource describes where the running gqlgen was built from: the main
// module when gqlgen is built in its own checkout, or the dependency (and
// its replacement) when a project runs `go run github.com/99designs/gqlgen`.
// It returns "" when the build carries no module information.
func moduleSource(info *debug.BuildInfo) string {
	if info == nil {
		return ""
	}
	if info.Main.Path == modulePath {
		return describeModule(&info.Main)
	}
	for _, dep := range info.Deps {
		if dep.Path == modulePath {
			return describeModule(dep)
		}
	}
	return ""
}

// describeModule renders a module as `path version => replacement version`,
// leaving out what the build info leaves empty and the "(devel)" version a
// replacement by a directory gets when gqlgen runs as a tool.
func describeModule(m *debug.Module) string {
	var b strings.Builder
	b.WriteString(m.Path)
	if m.Version != "" {
		b.WriteString(" " + m.Version)
	}
	if r := m.Replace; r != nil {
		b.WriteString(" => " + r.Path)
		if r.Version != "" && r.Version != "(devel)" {
			b.WriteString(" " + r.Version)
		}
	}
	return b.String()
}
