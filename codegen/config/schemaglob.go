package config

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
)

// expandSchemaPatterns turns the schema entries into file names, in order and
// without repeats; directories are never matched. An entry without "**" is a filepath.Glob pattern. An entry
// with "**" is split at its first "**": the part before is a directory
// walked recursively ("" means the working directory), and the part after is
// matched against the end of each file's path below that directory, with "*"
// matching one or more characters of any kind, separators included. So
// "graph/**/*.graphqls" finds every .graphqls file anywhere under graph,
// including graph itself.
func expandSchemaPatterns(patterns []string) (StringList, error) {
	files := StringList{}
	seen := map[string]bool{}
	for _, pattern := range patterns {
		var matches []string
		var err error
		if root, rest, deep := strings.Cut(pattern, "**"); deep {
			matches, err = walkSchemaDir(root, rest)
			if err != nil {
				return nil, fmt.Errorf("failed to walk schema at root %s: %w", root, err)
			}
		} else {
			matches, err = filepath.Glob(pattern)
			if err != nil {
				return nil, fmt.Errorf("failed to glob schema filename %s: %w", pattern, err)
			}
			matches = slices.DeleteFunc(matches, isDir)
		}
		for _, m := range matches {
			if !seen[m] {
				seen[m] = true
				files = append(files, m)
			}
		}
	}
	return files, nil
}

func isDir(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && fi.IsDir()
}

// walkSchemaDir lists the files under root whose path, with root cut off,
// ends in a match of tail (see expandSchemaPatterns), in lexical walk order.
func walkSchemaDir(root, tail string) ([]string, error) {
	tail = strings.TrimPrefix(strings.TrimPrefix(tail, `\`), "/")
	re, err := tailRegexp(tail)
	if err != nil {
		return nil, err
	}
	walkFrom := root
	if walkFrom == "" {
		walkFrom = "."
	}
	var out []string
	err = filepath.WalkDir(walkFrom, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			return nil
		}
		if re.MatchString(strings.TrimPrefix(path, root)) {
			out = append(out, path)
		}
		return nil
	})
	return out, err
}

// tailRegexp compiles the part of a "**" pattern after the "**". It is
// anchored at the end only: any number of directories may come before it.
// Dots are literal, stars match at least one character, either slash matches
// either separator; other characters keep their regexp meaning, as they
// always have in gqlgen.
func tailRegexp(tail string) (*regexp.Regexp, error) {
	var b strings.Builder
	for _, r := range tail {
		switch r {
		case '.':
			b.WriteString(`\.`)
		case '*':
			b.WriteString(`.+`)
		case '/', '\\':
			b.WriteString(`[\\/]`)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('$')
	re, err := regexp.Compile(b.String())
	if err != nil {
		return nil, fmt.Errorf("pattern %q: %w", tail, err)
	}
	return re, nil
}
