// Package rollback remembers what a generation run overwrote or deleted so
// that a run which fails half way can put the project back as it was.
//
// The generator writes every file through one function
// (codegen/templates), which calls Touch before it writes; api deletes the
// stale exec and model files through Remove. Both record the previous bytes
// of a path the first time the run touches it. A run that fails calls
// Journal.Undo; one that succeeds just drops the journal.
//
// One journal is active per process at a time, which matches the rest of
// the generator (it also keeps process-wide state, such as the imports'
// local prefix, for the duration of a run).
package rollback

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"sync"
)

// Journal is the record of one run: for every path it touched, what was
// there before.
type Journal struct {
	mu     sync.Mutex
	before map[string]*snapshot
	order  []string // first-touch order; Undo walks it backwards
}

// snapshot is a path's state before the run touched it.
type snapshot struct {
	existed bool
	data    []byte
	mode    fs.FileMode
	// removed: the run deleted the file (Remove); written: the run wrote it
	// (Touch) at some point. A removed file that is present again but was
	// not written by the run came from elsewhere and is left alone.
	removed, written bool
}

var (
	activeMu sync.Mutex
	active   *Journal
)

// Start begins recording into a new journal and returns it. The caller must
// call Stop when the run ends, whether or not it Undoes.
func Start() *Journal {
	j := &Journal{before: map[string]*snapshot{}}
	activeMu.Lock()
	active = j
	activeMu.Unlock()
	return j
}

// Stop ends recording into j (it stays usable for Undo).
func (j *Journal) Stop() {
	activeMu.Lock()
	if active == j {
		active = nil
	}
	activeMu.Unlock()
}

func current() *Journal {
	activeMu.Lock()
	defer activeMu.Unlock()
	return active
}

// Touch tells the active journal, if any, that path is about to be
// (over)written. Only its first touch in a run is recorded.
func Touch(path string) error {
	j := current()
	if j == nil {
		return nil
	}
	s, err := j.remember(path)
	if err != nil {
		return err
	}
	j.mu.Lock()
	s.written = true
	j.mu.Unlock()
	return nil
}

// Remove deletes path, if it exists, after the active journal (if any) has
// recorded its content. A path that cannot be read is not deleted, so it can
// never be lost.
func Remove(path string) error {
	if path == "" {
		return nil
	}
	if j := current(); j != nil {
		s, err := j.remember(path)
		if err != nil {
			return err
		}
		j.mu.Lock()
		s.removed = true
		j.mu.Unlock()
	}
	if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return nil
}

// remember records path's current state unless the journal already holds
// an earlier one.
func (j *Journal) remember(path string) (*snapshot, error) {
	j.mu.Lock()
	defer j.mu.Unlock()
	if s, ok := j.before[path]; ok {
		return s, nil
	}
	s := &snapshot{}
	info, err := os.Stat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
	case err != nil:
		return nil, fmt.Errorf("saving %s before generation: %w", path, err)
	case !info.Mode().IsRegular():
		return nil, fmt.Errorf("saving %s before generation: not a regular file", path)
	default:
		data, err := os.ReadFile(path)
		if err != nil {
			return nil, fmt.Errorf("saving %s before generation: %w", path, err)
		}
		s.existed, s.data, s.mode = true, data, info.Mode().Perm()
	}
	j.before[path] = s
	j.order = append(j.order, path)
	return s, nil
}

// Undo puts every path the run touched back as it was: files it wrote or
// deleted get their previous bytes again, files it created are deleted. It
// returns the paths it changed and the errors it met (all of them are
// attempted).
func (j *Journal) Undo() (restored []string, err error) {
	j.mu.Lock()
	defer j.mu.Unlock()
	var errs []error
	for i := len(j.order) - 1; i >= 0; i-- {
		path := j.order[i]
		changed, e := j.before[path].undo(path)
		if e != nil {
			errs = append(errs, e)
		}
		if changed {
			restored = append(restored, path)
		}
	}
	return restored, errors.Join(errs...)
}

func (s *snapshot) undo(path string) (changed bool, err error) {
	_, statErr := os.Lstat(path)
	present := statErr == nil
	if statErr != nil && !errors.Is(statErr, fs.ErrNotExist) {
		return false, fmt.Errorf("restoring %s: %w", path, statErr)
	}
	switch {
	case !s.existed:
		if !present || !s.written {
			return false, nil
		}
		if err := os.Remove(path); err != nil {
			return false, fmt.Errorf("removing %s written by the failed run: %w", path, err)
		}
		return true, nil
	case present && !s.written:
		// Neither this run's output nor the file it deleted: not ours.
		return false, nil
	}
	if present {
		if cur, err := os.ReadFile(path); err == nil && string(cur) == string(s.data) {
			return false, nil
		}
	}
	if err := os.WriteFile(path, s.data, s.mode); err != nil {
		return false, fmt.Errorf("restoring %s: %w", path, err)
	}
	// WriteFile sets the mode only when it creates the file.
	if err := os.Chmod(path, s.mode); err != nil {
		return true, fmt.Errorf("restoring the mode of %s: %w", path, err)
	}
	return true, nil
}
