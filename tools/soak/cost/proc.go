package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"strconv"
)

// clockTicks is USER_HZ, the unit of utime and stime in /proc/PID/stat: 100
// on every Linux architecture Go supports (the kernel's value exported to
// user space is fixed, whatever CONFIG_HZ is).
const clockTicks = 100

// cpuTicks parses /proc/PID/stat and returns utime+stime in clock ticks.
// The command name (field 2) is in parentheses and may itself hold spaces
// and parentheses, so the fields are counted from the last ')'.
func cpuTicks(stat []byte) (uint64, error) {
	i := bytes.LastIndexByte(stat, ')')
	if i < 0 {
		return 0, errors.New("/proc stat: no ')' after the command name")
	}
	f := bytes.Fields(stat[i+1:])
	// f[0] is field 3 (state): utime is field 14, stime field 15.
	if len(f) < 13 {
		return 0, fmt.Errorf("/proc stat: %d fields after the command name, want at least 13", len(f))
	}
	u, err := strconv.ParseUint(string(f[11]), 10, 64)
	if err != nil {
		return 0, fmt.Errorf("/proc stat utime: %w", err)
	}
	s, err := strconv.ParseUint(string(f[12]), 10, 64)
	if err != nil {
		return 0, fmt.Errorf("/proc stat stime: %w", err)
	}
	return u + s, nil
}

// statusKB returns the value of a "Key:   N kB" line of /proc/PID/status
// (VmRSS, VmHWM), in bytes.
func statusKB(status []byte, key string) (int64, error) {
	for line := range bytes.Lines(status) {
		v, ok := bytes.CutPrefix(line, []byte(key+":"))
		if !ok {
			continue
		}
		v = bytes.TrimSpace(v)
		n, ok := bytes.CutSuffix(v, []byte(" kB"))
		if !ok {
			return 0, fmt.Errorf("/proc status %s: %q is not in kB", key, v)
		}
		kb, err := strconv.ParseInt(string(bytes.TrimSpace(n)), 10, 64)
		if err != nil {
			return 0, fmt.Errorf("/proc status %s: %w", key, err)
		}
		return kb << 10, nil
	}
	return 0, fmt.Errorf("/proc status: no %s line", key)
}

// procCPU is the CPU time the process has used so far, in nanoseconds.
func procCPU(pid int) (int64, error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0, err
	}
	t, err := cpuTicks(b)
	return int64(t) * (1e9 / clockTicks), err
}

// procMem returns a /proc/PID/status memory figure (VmRSS, VmHWM) in bytes.
func procMem(pid int, key string) (int64, error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, err
	}
	return statusKB(b, key)
}

// parseAllocs reads the debug endpoint's "name value" lines.
func parseAllocs(b []byte) (objects, bytes_ uint64, err error) {
	var seen int
	for line := range bytes.Lines(b) {
		name, val, ok := bytes.Cut(bytes.TrimSpace(line), []byte(" "))
		if !ok {
			continue
		}
		var dst *uint64
		switch string(name) {
		case "/gc/heap/allocs:objects":
			dst = &objects
		case "/gc/heap/allocs:bytes":
			dst = &bytes_
		default:
			continue
		}
		if *dst, err = strconv.ParseUint(string(val), 10, 64); err != nil {
			return 0, 0, fmt.Errorf("allocation counter %s: %w", name, err)
		}
		seen++
	}
	if seen != 2 {
		return 0, 0, fmt.Errorf("allocation counters: %d of 2 found in %q", seen, b)
	}
	return objects, bytes_, nil
}
