package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCampaignPathConfined: a campaign's scenario path resolves inside the campaign's folder,
// symbolic links resolved (issue 28). A path that climbs out, a linked folder and a linked file
// that lead out are each refused with L018 at the path, and no byte of the scenario outside
// (which, read, would fail with its secret quoted in S002) is printed.
func TestCampaignPathConfined(t *testing.T) {
	root := filepath.Join("..", "..", "testdata", "compiler", "campaign", "ok")
	scen, err := os.ReadFile(filepath.Join(root, "_scen", "s1", "s.cue"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(scen), "days: limit: 3\n") {
		t.Fatal("ok/_scen/s1/s.cue no longer holds `days: limit: 3`: update the test")
	}
	tmp := t.TempDir()
	secret := filepath.Join(tmp, "secret")
	os.Mkdir(secret, 0o755)
	bad := strings.Replace(string(scen), "days: limit: 3\n", `days: limit: "`+secretToken+`"`+"\n", 1)
	if err := os.WriteFile(filepath.Join(secret, "s.cue"), []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	camp, err := os.ReadFile(filepath.Join(root, "campaign.cue"))
	if err != nil {
		t.Fatal(err)
	}
	const line = `	s1: {path: "_scen/s1"}` // line 20 of ok/campaign.cue: the path's value at column 13
	if !strings.Contains(string(camp), line+"\n") {
		t.Fatal("ok/campaign.cue no longer names _scen/s1 on its own line: update the test")
	}
	for _, c := range []struct {
		name, path string
		link       func(dir string) error
	}{
		{"dotdot", "../secret", nil},
		{"folder link", "_scen/s1", func(dir string) error {
			return os.Symlink(secret, filepath.Join(dir, "_scen", "s1"))
		}},
		{"file link", "_scen/s1/s.cue", func(dir string) error {
			os.MkdirAll(filepath.Join(dir, "_scen", "s1"), 0o755)
			return os.Symlink(filepath.Join(secret, "s.cue"), filepath.Join(dir, "_scen", "s1", "s.cue"))
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := filepath.Join(tmp, strings.ReplaceAll(c.name, " ", "-"))
			if err := os.CopyFS(dir, os.DirFS(root)); err != nil {
				t.Fatal(err)
			}
			os.RemoveAll(filepath.Join(dir, "_scen", "s1"))
			if c.link != nil {
				if err := c.link(dir); err != nil {
					t.Fatal(err)
				}
			}
			text := strings.Replace(string(camp), line, `	s1: {path: "`+c.path+`"}`, 1)
			path := filepath.Join(dir, "campaign.cue")
			if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
			for _, cmd := range [][]string{{"campaign", "vet", path}, {"campaign", "run", path}} {
				code, out, errs := run(t, "", cmd...)
				all := out + errs
				if code != 1 && code != 2 {
					t.Errorf("%v: exit %d, want 1 or 2:\n%s", cmd, code, all)
				}
				if !strings.Contains(all, "campaign.cue:20:13: L018") {
					t.Errorf("%v: want L018 at campaign.cue:20:13:\n%s", cmd, all)
				}
				if strings.Contains(all, secretToken) || strings.Contains(all, secret) {
					t.Errorf("%v: the file outside the campaign's folder (or where it is) is in the output:\n%s", cmd, all)
				}
			}
		})
	}
}
