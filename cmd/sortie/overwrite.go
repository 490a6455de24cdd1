package main

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"path/filepath"

	"github.com/sortie-rpg/sortie/compiler/plan"
)

// checkOverwrite refuses an output path that would destroy something: a directory, a path in a
// folder that does not exist, or an existing file that is not of the kind being written
// (isKind reports whether content is). A slip such as `-o x.cue` or `--write-baseline x.yaml`
// must never replace a scenario, a script or anything else. flag names the option in messages.
func checkOverwrite(flag, path, kind string, isKind func([]byte) bool) error {
	abs, err := filepath.Abs(path)
	if err != nil {
		return failf(exitUsage, "%s: %v", flag, err)
	}
	if fi, err := os.Stat(abs); err == nil && fi.IsDir() {
		return failf(exitUsage, "%s %s: it is a directory", flag, path)
	} else if err == nil && !fi.Mode().IsRegular() {
		// Before the open: opening a named pipe waits for a writer, forever.
		return failf(exitUsage, "%s %s: the file exists and is not a regular file; refusing to overwrite it", flag, path)
	}
	if fi, err := os.Stat(filepath.Dir(abs)); err != nil || !fi.IsDir() {
		return failf(exitUsage, "%s %s: no folder %s", flag, path, filepath.Dir(abs))
	}
	f, err := os.Open(abs)
	if os.IsNotExist(err) {
		return nil
	}
	if err != nil {
		return failf(exitUsage, "%s %s: %v", flag, path, err)
	}
	defer f.Close()
	if fi, err := f.Stat(); err != nil || !fi.Mode().IsRegular() {
		return failf(exitUsage, "%s %s: the file exists and is not a regular file; refusing to overwrite it", flag, path)
	}
	data, err := io.ReadAll(io.LimitReader(f, maxOverwriteCheck+1))
	if err != nil {
		return failf(exitUsage, "%s %s: %v", flag, path, err)
	}
	if len(data) > maxOverwriteCheck || !isKind(data) {
		return failf(exitUsage, "%s %s: the file exists and is not %s; refusing to overwrite it", flag, path, kind)
	}
	return nil
}

// maxOverwriteCheck bounds what checkOverwrite reads of an existing file; a larger one is
// refused (no plan or baseline is that large).
const maxOverwriteCheck = 256 << 20

// isPlan reports whether data is a sortie plan (of any version: an old plan may be replaced).
func isPlan(data []byte) bool {
	var head struct {
		Format string `json:"format"`
	}
	return json.Unmarshal(data, &head) == nil && head.Format == plan.Format
}

// isBaseline reports whether data is a sortie baseline.
func isBaseline(data []byte) bool {
	_, err := readBaseline(bytes.NewReader(data))
	return err == nil
}
