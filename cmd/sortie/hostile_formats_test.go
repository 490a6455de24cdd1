package main

import (
	"encoding/json"
	"encoding/xml"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestVetFormatsEscapePath (issue 20): a stranger's file name holding a newline, U+202E, a quote,
// '%' and "::" is shown in every vet format without a raw control character and as compiler/esc
// writes it: text, junit and github show esc.Text's one line (a\nb\u202e"q%::z.yaml, github
// with its property escapes %25 and %3A); json and sarif are valid JSON whose value decodes to the
// real name (json: \n and \u202e escapes; sarif: the percent-encoded URI). The json format had a
// raw U+202E in pos.file, github had the newline as %0A beside the bidi control as \u202e.
func TestVetFormatsEscapePath(t *testing.T) {
	dir := t.TempDir()
	name := "a\nb\u202e\"q%::z.yaml"
	if err := os.WriteFile(filepath.Join(dir, name), []byte("kind: scenario\nrules: karzoral\nid: x\n"), 0o644); err != nil {
		t.Skipf("this file system refuses the name: %v", err)
	}
	shown := `a\nb\u202e"q%::z.yaml` // esc.Text of name
	for _, format := range []string{"text", "json", "sarif", "github", "junit"} {
		code, out, errOut := run(t, "", "vet", "--no-cache", "--format", format, dir)
		if code != 1 {
			t.Fatalf("%s: exit %d, want 1 (S003)\n%s%s", format, code, out, errOut)
		}
		if strings.ContainsAny(out, "\u202e\r") {
			t.Errorf("%s: a raw U+202E or CR in the output:\n%q", format, out)
		}
		switch format {
		case "text":
			if !strings.Contains(out, shown+":1:1: S003") {
				t.Errorf("text: no %q:\n%s", shown+":1:1: S003", out)
			}
		case "junit":
			if err := xml.Unmarshal([]byte(out), new(junitSuites)); err != nil {
				t.Errorf("junit: not XML: %v", err)
			}
			if !strings.Contains(out, shown+":1:1: S003") {
				t.Errorf("junit: no %q:\n%s", shown, out)
			}
		case "github":
			for _, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
				if !strings.HasPrefix(line, "::") {
					t.Errorf("github: a line that is not a command: %q", line)
				}
				if !strings.Contains(line, `a\nb\u202e"q%25%3A%3Az.yaml,line=1`) {
					t.Errorf("github: file= is not esc.Text's name, property-escaped: %q", line)
				}
			}
		case "json":
			var v struct {
				Diagnostics []struct {
					Pos struct{ File string }
				}
			}
			if err := json.Unmarshal([]byte(out), &v); err != nil || len(v.Diagnostics) == 0 {
				t.Fatalf("json: %v, %d diagnostics", err, len(v.Diagnostics))
			}
			if f := v.Diagnostics[0].Pos.File; !strings.HasSuffix(f, "/"+name) {
				t.Errorf("json: pos.file %q does not decode to the file's name", f)
			}
			if !strings.Contains(out, `a\nb\u202e\"q%::z.yaml`) {
				t.Errorf("json: the name is not written with \\n and \\u202e escapes:\n%s", out)
			}
		case "sarif":
			var v struct {
				Runs []struct {
					Results []struct {
						Locations []struct {
							PhysicalLocation struct {
								ArtifactLocation struct{ URI string }
							}
						}
					}
				}
			}
			if err := json.Unmarshal([]byte(out), &v); err != nil || len(v.Runs) == 0 || len(v.Runs[0].Results) == 0 {
				t.Fatalf("sarif: %v", err)
			}
			uri := v.Runs[0].Results[0].Locations[0].PhysicalLocation.ArtifactLocation.URI
			if real, err := url.PathUnescape(uri); err != nil || !strings.HasSuffix(real, "/"+name) || strings.ContainsAny(uri, "\n\u202e\"") {
				t.Errorf("sarif: uri %q (%q, %v) is not the name percent-encoded", uri, real, err)
			}
		}
	}
}
