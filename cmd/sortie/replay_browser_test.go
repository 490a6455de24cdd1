package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"github.com/sortie-rpg/sortie/compiler/words"
	"html"
	"image/png"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// replayRun runs args with --format jsonl --html PAGE: the run's JSON Lines, decoded, and the page.
func replayRun(t *testing.T, dir, name string, args ...string) ([]map[string]any, string) {
	t.Helper()
	page := filepath.Join(dir, name+".html")
	args = append(args, "--format", "jsonl", "--html", page)
	code, out, errs := runMain(args...)
	if code > 1 {
		t.Fatalf("%v: exit %d: %s", args, code, errs)
	}
	var evs []map[string]any
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		var e map[string]any
		if err := json.Unmarshal([]byte(l), &e); err != nil {
			t.Fatalf("%s: %v", l, err)
		}
		evs = append(evs, e)
	}
	return evs, page
}

// pageSteps is the steps of a page's embedded data: each one's label and its events [first, end).
func pageSteps(t *testing.T, page string) []struct {
	Label      string
	First, End int
} {
	t.Helper()
	data, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	const open = `<script type="application/json" id="data">`
	i := bytes.Index(data, []byte(open))
	j := bytes.Index(data[i:], []byte("</script>"))
	var d struct {
		Steps []struct {
			Label      string
			First, End int
		}
	}
	if i < 0 || j < 0 || json.Unmarshal(data[i+len(open):i+j], &d) != nil {
		t.Fatalf("%s: no data", page)
	}
	return d.Steps
}

// stepOf is the index of the step labelled label, and its events.
func stepOf(t *testing.T, page, label string) (int, int) {
	t.Helper()
	for i, s := range pageSteps(t, page) {
		if s.Label == label {
			return i, s.End
		}
	}
	t.Fatalf("%s: no step %q", page, label)
	return 0, 0
}

// domAt is the rendered DOM of page at step and view (the page reads #step=N&view=V).
func domAt(t *testing.T, bin, page string, step int, view string) string {
	t.Helper()
	dom, err := headless(t, bin, "--virtual-time-budget=3000", "--dump-dom", fmt.Sprintf("file://%s#step=%d&view=%s", page, step, view))
	if err != nil {
		t.Fatalf("chromium --dump-dom: %v", err)
	}
	return string(dom)
}

// markAt is where the DOM draws who (its data-at), its label, or "" when it is not on the map.
func markAt(dom, who string) (at, text string) {
	re := regexp.MustCompile(`<g class="mark [^"]*" data-id="` + regexp.QuoteMeta(html.EscapeString(who)) + `" data-at="([^"]*)"><title>[^<]*</title><(?:circle|rect)[^>]*></(?:circle|rect)><text[^>]*>([^<]*)</text>`)
	m := re.FindStringSubmatch(dom)
	if m == nil {
		return "", ""
	}
	return html.UnescapeString(m[1]), html.UnescapeString(m[2])
}

// transcriptOf is the DOM's transcript of the step (the page's data, which holds every line
// for the view switch, left out).
func transcriptOf(dom string) string {
	i := strings.Index(dom, `<pre id="transcript">`)
	if i < 0 {
		return ""
	}
	j := strings.Index(dom[i:], "</pre>")
	if j < 0 {
		return dom[i:]
	}
	return dom[i : i+j]
}

// shotAt saves a screenshot of page at step and view to png (under SORTIE_SHOTS when set, to
// look at), and checks that it is not blank.
func shotAt(t *testing.T, bin, page string, step int, view, png string) {
	t.Helper()
	if d := os.Getenv("SORTIE_SHOTS"); d != "" {
		png = filepath.Join(d, filepath.Base(png))
	}
	if _, err := headless(t, bin, "--window-size=1400,1000", "--virtual-time-budget=3000", "--screenshot="+png, fmt.Sprintf("file://%s#step=%d&view=%s", page, step, view)); err != nil {
		t.Fatalf("chromium screenshot: %v", err)
	}
	if inked := inkedShare(t, png); inked < 0.02 {
		t.Errorf("%s looks blank: %.3f of it inked", png, inked)
	}
}

// inkedShare is the share of a PNG's pixels that are not near white.
func inkedShare(t *testing.T, path string) float64 {
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	b := img.Bounds()
	inked, n := 0, 0
	for y := b.Min.Y; y < b.Max.Y; y += 3 {
		for x := b.Min.X; x < b.Max.X; x += 3 {
			r, g, bl, _ := img.At(x, y).RGBA()
			if r>>8 < 200 || g>>8 < 200 || bl>>8 < 200 {
				inked++
			}
			n++
		}
	}
	return float64(inked) / float64(n)
}

// lastUpTo is the last event of type typ among evs[:end] that match (nil for none).
func lastUpTo(evs []map[string]any, end int, typ string, match func(map[string]any) bool) map[string]any {
	var last map[string]any
	for _, e := range evs[:end] {
		if e["type"] == typ && (match == nil || match(e)) {
			last = e
		}
	}
	return last
}

// The replay page in a real browser (issue 25): headless Chromium opens the replay of field01,
// of scenarios/clash/hill and of the Pathfinder hex scenario stolen-lands, goes to given steps
// (#step=N&view=V) and the DOM it renders is checked against the JSON Lines of the same run:
//   - field01, day 1 night: the party's block is the last partyMove's "to"; the warband, which
//     the players have not seen (the day's view lists no army, K-23), is not on their map but is
//     on the GM's, at the dayEnd's block; the GM's own lines are not in the players' transcript;
//   - hill, the orcs' first turn: each stand the turn moved is drawn on its clash.move "to";
//     at the end, the VP line shows clash.end's totals (U-71);
//   - stolen-lands, after battle 1: the army the aftermath destroyed is off the map, the other
//     is on its battle's hex with the aftermath's hp.
//
// Screenshots at three steps are written (SORTIE_SHOTS=DIR keeps them) and must not be blank.
func TestReplayInBrowser(t *testing.T) {
	bin := browser(t)
	dir := t.TempDir()

	// field01
	evs, page := replayRun(t, dir, "field01", "run", repo(t, "scenarios", "karzoral", "field01"), "--seed", "1", "--policy", "goal")
	step, end := stepOf(t, page, "day 1, night")
	party, gm := domAt(t, bin, page, step, "party"), domAt(t, bin, page, step, "gm")
	moved := lastUpTo(evs, end, "partyMove", nil)
	for _, dom := range []string{party, gm} {
		if at, _ := markAt(dom, "party"); moved == nil || at != moved["to"] {
			t.Errorf("field01 day 1: the party is drawn at %q, the JSONL moved it to %v", at, moved["to"])
		}
	}
	view := lastUpTo(evs, end, "view", nil)
	dayEnd := lastUpTo(evs, end, "dayEnd", nil)
	if view == nil || len(view["armies"].([]any)) != 0 {
		t.Fatalf("field01 day 1: the players' view lists armies (%v): the test wants one that hides them", view)
	}
	for _, a := range dayEnd["armies"].([]any) {
		a := a.(map[string]any)
		id := a["id"].(string)
		if at, _ := markAt(party, id); at != "" {
			t.Errorf("field01 day 1: %s is on the players' map at %s, but they have not seen it (K-23)", id, at)
		}
		if at, text := markAt(gm, id); at != a["block"] || text != fmt.Sprint(a["strength"]) {
			t.Errorf("field01 day 1: the GM's map has %s at %q (%q), the dayEnd at %v (%v)", id, at, text, a["block"], a["strength"])
		}
	}
	startStep, _ := stepOf(t, page, "day 1, start")
	partyStart, gmStart := domAt(t, bin, page, startStep, "party"), domAt(t, bin, page, startStep, "gm")
	if !strings.Contains(transcriptOf(gmStart), "boggardWarband: holding at gate") || strings.Contains(transcriptOf(partyStart), "boggardWarband: holding") {
		t.Error("field01 day 1, start: the warband's march (audience gm) should be in the GM's transcript only")
	}
	shotAt(t, bin, page, step, "party", filepath.Join(dir, "field01-day1-party.png"))

	// hill
	evs, page = replayRun(t, dir, "hill", "battle", repo(t, "scenarios", "clash", "hill"))
	firstTurn := ""
	for _, e := range evs {
		if e["type"] == "clash.turn" {
			firstTurn = e["who"].(string)
			break
		}
	}
	step, end = stepOf(t, page, "round 1: "+words.Possessive(firstTurn)+" turn") // "orcs' turn"
	dom := domAt(t, bin, page, step, "gm")
	checked := 0
	for _, e := range evs[:end] {
		if e["type"] == "clash.move" {
			if at, _ := markAt(dom, e["who"].(string)); at != e["to"] {
				if lastUpTo(evs, end, "clash.move", func(m map[string]any) bool { return m["who"] == e["who"] })["to"] == e["to"] {
					t.Errorf("hill, %s's turn: %s drawn at %q, the JSONL moved it to %v", firstTurn, e["who"], at, e["to"])
				}
			}
			checked++
		}
	}
	if checked == 0 {
		t.Errorf("hill: the first turn (%s) moves no stand: pick a turn that does", firstTurn)
	}
	shotAt(t, bin, page, step, "gm", filepath.Join(dir, "hill-turn1.png"))
	last := len(pageSteps(t, page)) - 1
	dom = domAt(t, bin, page, last, "gm")
	fin := lastUpTo(evs, len(evs), "clash.end", nil)
	vp := fin["vp"].([]any)
	st := regexp.MustCompile(`<p id="status">VP: [^<]* (\d+), [^<]* (\d+)</p>`).FindStringSubmatch(dom)
	if st == nil || st[1] != fmt.Sprint(vp[0]) || st[2] != fmt.Sprint(vp[1]) {
		t.Errorf("hill, the end: status %v, clash.end's VP %v", st, vp)
	}

	// stolen-lands
	evs, page = replayRun(t, dir, "stolen-lands", "run", repo(t, "scenarios", "pathfinder", "stolen-lands"), "--seed", "3", "--policy", "first")
	step, end = stepOf(t, page, "day 1: after battle 1")
	dom = domAt(t, bin, page, step, "gm")
	battle := lastUpTo(evs, end, "battle", nil)
	for _, e := range evs[:end] {
		if e["type"] != "aftermath" || e["battle"] != battle["battle"] {
			continue
		}
		at, text := markAt(dom, e["army"].(string))
		switch e["status"] {
		case "destroyed":
			if at != "" {
				t.Errorf("stolen-lands: %s, destroyed in battle 1, is drawn at %s", e["army"], at)
			}
		case "active":
			if at != battle["hex"] || text != fmt.Sprint(e["hp"]) {
				t.Errorf("stolen-lands: %s drawn at %q with %q hp, the JSONL has it at %v with %v", e["army"], at, text, battle["hex"], e["hp"])
			}
		}
	}
	shotAt(t, bin, page, step, "gm", filepath.Join(dir, "stolen-lands-battle1.png"))
}

// Hostile strings render as text in the browser: a scenario title holding </script> and an
// <img onerror>, and a block name holding a tag, come out as the same characters in the DOM's
// text, with no <img> element made and the viewer still running (it drew the party).
func TestReplayHostileInBrowser(t *testing.T) {
	bin := browser(t)
	dir := t.TempDir()
	sc := filepath.Join(dir, "field01")
	copyDir(t, repo(t, "scenarios", "karzoral", "field01"), sc)
	cue := filepath.Join(sc, "field01.cue")
	src, err := os.ReadFile(cue)
	if err != nil {
		t.Fatal(err)
	}
	const evil = `Road </script><img src=x onerror=document.title='PWNED'>`
	src = bytes.Replace(src, []byte(`"The Road to Karzoral"`), []byte(`"`+strings.ReplaceAll(evil, `'`, `'`)+`"`), 1)
	src = bytes.Replace(src, []byte(`"Base 1: Rupetenne"`), []byte(`"Base <b onmouseover=alert(1)>1</b>"`), 1)
	if err := os.WriteFile(cue, src, 0o644); err != nil {
		t.Fatal(err)
	}
	_, page := replayRun(t, dir, "hostile", "run", sc, "--seed", "1", "--policy", "goal")
	dom := domAt(t, bin, page, 3, "party")
	if strings.Contains(dom, "<img") || strings.Contains(dom, "<b onmouseover") || strings.Contains(dom, "PWNED</title>") {
		t.Errorf("a hostile tag became an element:\n%.2000s", dom)
	}
	if !strings.Contains(dom, `<h1 id="title">`+html.EscapeString(evil)+`</h1>`) && !strings.Contains(dom, `<h1 id="title">Road &lt;/script&gt;&lt;img src=x onerror=document.title='PWNED'&gt;</h1>`) {
		t.Errorf("the title is not shown as its text")
	}
	if at, _ := markAt(dom, "party"); at == "" {
		t.Error("the viewer did not run: no party on the map")
	}
}
