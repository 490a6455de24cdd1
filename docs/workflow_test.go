package docs

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// workflow is the part of a GitHub Actions workflow the example is checked on.
type workflow struct {
	Name        string            `yaml:"name"`
	On          map[string]any    `yaml:"on"`
	Permissions map[string]string `yaml:"permissions"`
	Env         map[string]string `yaml:"env"`
	Jobs        map[string]struct {
		RunsOn string `yaml:"runs-on"`
		Steps  []struct {
			Name string            `yaml:"name"`
			Uses string            `yaml:"uses"`
			Run  string            `yaml:"run"`
			With map[string]string `yaml:"with"`
		} `yaml:"steps"`
	} `yaml:"jobs"`
}

// TestGitHubActionsExample: docs/github-actions.yml (the README's CI example) parses as YAML (no
// key given twice) and does what the README says: it may write security events, installs sortie
// with go install at a version, writes vet's SARIF to the file it uploads with upload-sarif,
// lets exit 1 (findings) through to the upload and nothing else, then vets with annotations and
// runs sortie fmt --diff.
func TestGitHubActionsExample(t *testing.T) {
	data, err := os.ReadFile("github-actions.yml")
	if err != nil {
		t.Fatal(err)
	}
	var node yaml.Node
	if err := yaml.Unmarshal(data, &node); err != nil {
		t.Fatalf("docs/github-actions.yml: %v", err)
	}
	var w workflow
	if err := node.Decode(&w); err != nil {
		t.Fatalf("docs/github-actions.yml: %v", err)
	}
	if w.Permissions["security-events"] != "write" || w.On == nil || w.Env["SORTIE_VERSION"] == "" {
		t.Errorf("permissions %v, on %v, env %v", w.Permissions, w.On, w.Env)
	}
	job, ok := w.Jobs["vet"]
	if !ok || job.RunsOn == "" {
		t.Fatalf("no vet job with runs-on: %+v", w.Jobs)
	}
	var install, sarif, upload, github, fmtDiff int
	sarifFile := ""
	for i, s := range job.Steps {
		i++ // 0: not found
		switch {
		case strings.Contains(s.Run, "go install") && regexp.MustCompile(`github\.com/sortie-rpg/sortie/cmd/sortie@\$\{SORTIE_VERSION\}`).MatchString(s.Run):
			install = i
		case strings.HasPrefix(s.Run, "sortie vet --format sarif "):
			sarif = i
			if m := regexp.MustCompile(`> (\S+) \|\| test \$\? -eq 1$`).FindStringSubmatch(s.Run); m != nil {
				sarifFile = m[1]
			}
		case strings.HasPrefix(s.Uses, "github/codeql-action/upload-sarif@"):
			upload = i
			if s.With["sarif_file"] != sarifFile || sarifFile == "" {
				t.Errorf("upload-sarif uploads %q, vet writes %q", s.With["sarif_file"], sarifFile)
			}
		case strings.HasPrefix(s.Run, "sortie vet --format github "):
			github = i
		case strings.HasPrefix(s.Run, "sortie fmt --diff "):
			fmtDiff = i
		}
	}
	if !(install > 0 && install < sarif && sarif < upload && upload < github && github < fmtDiff) {
		t.Errorf("steps out of order or missing: install %d, sarif %d, upload %d, github %d, fmt %d", install, sarif, upload, github, fmtDiff)
	}
}
