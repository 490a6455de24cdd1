package main

import (
	"bytes"
	"context"
	"encoding/json"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sortie-rpg/sortie/runner/simreport"
)

// browser finds a headless-capable Chromium, or skips the test with a message.
func browser(t *testing.T) string {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "headless_shell"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	t.Skip("no Chromium on this machine (apt-get install -y chromium); the HTML report's browser test is skipped")
	return ""
}

// headless runs Chromium headless on url with a fresh profile and the given extra flags.
func headless(t *testing.T, bin string, extra ...string) ([]byte, error) {
	profile := t.TempDir()
	args := []string{"--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--user-data-dir=" + profile}
	args = append(args, extra...)
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, args...)
	var out bytes.Buffer
	cmd.Stdout = &out
	cmd.Stderr = &bytes.Buffer{}
	err := cmd.Run()
	return out.Bytes(), err
}

// The HTML report renders in a real browser: a headless Chromium screenshot of the field01 page
// is not blank (many pixels neither white nor the page's background), and the rendered page
// (its DOM after layout) names every entity no run covered, as the JSON report lists them.
func TestHTMLReportInBrowser(t *testing.T) {
	bin := browser(t)
	dir := t.TempDir()
	page := filepath.Join(dir, "field01.html")
	field01 := repo(t, "scenarios", "karzoral", "field01")
	code, out, errs := runMain("simulate", field01, "--runs", "400", "--seed", "2", "--format", "json", "--html", page)
	if code != 0 {
		t.Fatalf("simulate: exit %d: %s", code, errs)
	}
	var rep simreport.Report
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	shot := filepath.Join(dir, "shot.png")
	if _, err := headless(t, bin, "--window-size=1280,1800", "--screenshot="+shot, "file://"+page); err != nil {
		t.Fatalf("chromium screenshot: %v", err)
	}
	f, err := os.Open(shot)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("screenshot: %v", err)
	}
	b := img.Bounds()
	inked, reds := 0, 0
	for y := b.Min.Y; y < b.Max.Y; y += 2 {
		for x := b.Min.X; x < b.Max.X; x += 2 {
			r, g, bl, _ := img.At(x, y).RGBA()
			r, g, bl = r>>8, g>>8, bl>>8
			if r < 200 || g < 200 || bl < 200 {
				inked++
			}
			if r > 150 && g < 90 && bl < 90 {
				reds++ // the heat map's busiest cells, the "never" lists
			}
		}
	}
	samples := (b.Dx() / 2) * (b.Dy() / 2)
	if inked < samples/100 || reds < 20 {
		t.Errorf("the screenshot looks blank: %d of %d samples inked, %d red", inked, samples, reds)
	}
	dom, err := headless(t, bin, "--dump-dom", "file://"+page)
	if err != nil {
		t.Fatalf("chromium --dump-dom: %v", err)
	}
	never := 0
	for _, c := range rep.Coverage {
		for _, e := range c.Entities {
			if e.Runs > 0 {
				continue
			}
			never++
			id := strings.ReplaceAll(e.ID, ">", "&gt;")
			if !bytes.Contains(dom, []byte(">"+id+"<")) {
				t.Errorf("the rendered page does not name uncovered %s %s", c.Kind, e.ID)
			}
		}
	}
	if never == 0 {
		t.Fatal("field01 under random play covers everything? the test needs uncovered entities")
	}
	if !bytes.Contains(dom, []byte(`id="src-0-L`)) {
		t.Error("the rendered page shows no source lines to link to")
	}
}
