package main

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"strings"

	"github.com/sortie-rpg/sortie/compiler/plan"
	"github.com/sortie-rpg/sortie/compiler/safeio"
)

// Every file a command writes goes through compiler/safeio's one writer (never over a source of
// the inputs named, never onto a device, a pipe or a folder, never over a file of another kind,
// atomically, no temporary file left behind, SIGINT included). These two wrap it for commands: a
// refusal or a failure is exit 2 with safeio's message ("-o x/field01.cue: it is a source of the
// input x; refusing to overwrite it").

// checkOutput refuses, before the work that makes the output, a path WriteFile would refuse.
func checkOutput(path string, o safeio.Options) error {
	if _, err := safeio.Check(path, o); err != nil {
		return failf(exitUsage, "%v", err)
	}
	return nil
}

// writeOutput writes data to path with safeio.WriteFile.
func writeOutput(path string, data []byte, o safeio.Options) error {
	if err := safeio.WriteFile(path, data, o); err != nil {
		return failf(exitUsage, "%v", err)
	}
	return nil
}

// inputSources are the sources of the inputs args name: each path, and the folder of each scenario
// file named (a file's scenario is its folder's).
func inputSources(args ...string) []string {
	var out []string
	for _, a := range args {
		if a == "" {
			continue
		}
		out = append(out, a)
		switch strings.ToLower(filepath.Ext(a)) {
		case ".cue", ".yaml", ".yml", ".json":
			out = append(out, filepath.Dir(a))
		}
	}
	return out
}

// isPicture reports whether data is a picture sortie graph writes: SVG, PNG, dot or Mermaid.
func isPicture(data []byte) bool {
	if bytes.HasPrefix(data, []byte("\x89PNG\r\n\x1a\n")) {
		return true
	}
	head := strings.TrimSpace(string(data[:min(len(data), 512)]))
	for _, p := range []string{"<?xml", "<svg", "digraph", "graph ", "flowchart", "%%"} {
		if strings.HasPrefix(head, p) {
			return true
		}
	}
	return false
}

// isPlan reports whether data is a sortie plan (of any version: an old plan may be replaced).
func isPlan(data []byte) bool {
	var head struct {
		Format string `json:"format"`
	}
	return json.Unmarshal(data, &head) == nil && head.Format == plan.Format
}

// isBaseline reports whether data is a sortie baseline.
func isBaseline(data []byte) bool {
	_, err := readBaseline(data)
	return err == nil
}
