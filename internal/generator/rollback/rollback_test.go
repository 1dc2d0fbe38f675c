package rollback

import (
	"os"
	"path/filepath"
	"sort"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestUndo(t *testing.T) {
	type step struct {
		op      string // "touch+write", "remove", "external" (written by someone else)
		content string
	}
	tests := []struct {
		name     string
		initial  *string // nil: the file does not exist
		steps    []step
		want     *string // content after Undo; nil: absent
		restored bool
	}{
		{name: "overwritten file gets its bytes back", initial: ptr("old"),
			steps: []step{{"touch+write", "new"}}, want: ptr("old"), restored: true},
		{name: "written twice, first content wins", initial: ptr("old"),
			steps: []step{{"touch+write", "mid"}, {"touch+write", "new"}}, want: ptr("old"), restored: true},
		{name: "created file is removed", steps: []step{{"touch+write", "new"}}, want: nil, restored: true},
		{name: "removed file comes back", initial: ptr("old"),
			steps: []step{{"remove", ""}}, want: ptr("old"), restored: true},
		{name: "removed then rewritten by the run", initial: ptr("old"),
			steps: []step{{"remove", ""}, {"touch+write", "new"}}, want: ptr("old"), restored: true},
		{name: "removed then recreated by someone else is left alone", initial: ptr("old"),
			steps: []step{{"remove", ""}, {"external", "theirs"}}, want: ptr("theirs")},
		{name: "removing a missing file is a no-op", steps: []step{{"remove", ""}}, want: nil},
		{name: "rewritten with identical bytes counts as unchanged", initial: ptr("same"),
			steps: []step{{"touch+write", "same"}}, want: ptr("same")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "f.go")
			if tt.initial != nil {
				require.NoError(t, os.WriteFile(path, []byte(*tt.initial), 0o600))
			}
			j := Start()
			defer j.Stop()
			for _, s := range tt.steps {
				switch s.op {
				case "touch+write":
					require.NoError(t, Touch(path))
					require.NoError(t, os.WriteFile(path, []byte(s.content), 0o644))
				case "remove":
					require.NoError(t, Remove(path))
					assert.NoFileExists(t, path)
				case "external":
					require.NoError(t, os.WriteFile(path, []byte(s.content), 0o644))
				}
			}
			restored, err := j.Undo()
			require.NoError(t, err)
			if tt.restored {
				assert.Equal(t, []string{path}, restored)
			} else {
				assert.Empty(t, restored)
			}
			got, err := os.ReadFile(path)
			if tt.want == nil {
				assert.True(t, os.IsNotExist(err), "file should be absent")
				return
			}
			require.NoError(t, err)
			assert.Equal(t, *tt.want, string(got))
			if tt.initial != nil && tt.restored {
				info, err := os.Stat(path)
				require.NoError(t, err)
				assert.Equal(t, os.FileMode(0o600), info.Mode().Perm(), "a file brought back keeps its mode")
			}
		})
	}
}

func TestUndoOrderAndScope(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.go"), filepath.Join(dir, "b.go")
	require.NoError(t, os.WriteFile(a, []byte("a0"), 0o644))

	// Writes outside a journal are not recorded.
	require.NoError(t, Touch(b))
	require.NoError(t, os.WriteFile(b, []byte("b0"), 0o644))

	j := Start()
	require.NoError(t, Touch(a))
	require.NoError(t, os.WriteFile(a, []byte("a1"), 0o644))
	require.NoError(t, Remove(b))
	j.Stop()
	// After Stop, nothing more is recorded.
	require.NoError(t, Touch(a))
	c := filepath.Join(dir, "c.go")
	require.NoError(t, Touch(c))
	require.NoError(t, os.WriteFile(c, []byte("c"), 0o644))

	restored, err := j.Undo()
	require.NoError(t, err)
	sort.Strings(restored)
	assert.Equal(t, []string{a, b}, restored)
	for path, want := range map[string]string{a: "a0", b: "b0", c: "c"} {
		got, err := os.ReadFile(path)
		require.NoError(t, err)
		assert.Equal(t, want, string(got), path)
	}
}

func TestRemoveRefusesWhatItCannotSave(t *testing.T) {
	dir := t.TempDir()
	j := Start()
	defer j.Stop()
	err := Remove(dir)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "not a regular file")
	assert.DirExists(t, dir)
}

func TestUndoReportsFailures(t *testing.T) {
	dir := t.TempDir()
	sub := filepath.Join(dir, "sub")
	require.NoError(t, os.Mkdir(sub, 0o755))
	path := filepath.Join(sub, "f.go")
	require.NoError(t, os.WriteFile(path, []byte("old"), 0o644))
	j := Start()
	defer j.Stop()
	require.NoError(t, Remove(path))
	// The directory is gone, so the file cannot be written back.
	require.NoError(t, os.Remove(sub))
	_, err := j.Undo()
	require.Error(t, err)
	assert.Contains(t, err.Error(), "restoring "+path)
}

func ptr(s string) *string { return &s }
