package pathfinder_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/sortie-rpg/sortie/compiler"
	"github.com/sortie-rpg/sortie/runner"
	"github.com/sortie-rpg/sortie/runner/pathfinder"
)

// Issue 23, review B2: at a Pathfinder battle's question "status", "units", "map" and "help" print
// the battle as it stands and ask again: the battle played with them typed first is the battle
// played without (the same transcript, byte for byte). The figures are worked out by hand: a Huge
// army of CR 1/3 with d10 hit dice is ACR 3 (P-3: four rungs up from 1/3), hp floor(3 x 5.5) = 16
// (P-4), OM +3, DV 10 + 3 = 13 (P-5); in the Tactics Phase no strategy is chosen yet (P-51: "-").
func TestPFBattlePromptWordsP3P4P5(t *testing.T) {
	_, b := compilePF(t, `
package s
kind: "battle", rules: "pathfinder", id: "duel", version: 1
sides: [{name: "a", armies: x: {size: "Huge", cr: "1/3", hitDie: "d10", tactics: ["Taunt"]}},
	{name: "b", armies: y: {size: "Huge", cr: "1/3", hitDie: "d10"}}]
`)
	answers := strings.Repeat("1\n", 500)
	play := func(in string) (string, string) {
		var out, screen bytes.Buffer
		p := runner.NewPrompt(strings.NewReader(in), &screen, false)
		if _, err := pathfinder.RunBattle(b, pathfinder.BattleOptions{Seed: 1, Decider: p, Out: &out}); err != nil {
			t.Fatal(err)
		}
		return out.String(), screen.String()
	}
	plain, _ := play(answers)
	asked, screen := play("status\nunits\nmap\nhelp\n" + answers)
	if asked != plain {
		t.Errorf("typing status, units, map and help changed the battle:\n%s\nwant:\n%s", asked, plain)
	}
	for _, want := range []string{
		"  the battle, tactics phase:\n    x (a): active, hp 16/16, tactic standard, strategy -\n    y (b): active, hp 16/16, tactic standard, strategy -\n",
		"| x    | a    | active | 16/16 | +3 | 13 | +0     | standard | -        |",
		"    a:\n      x            [##########] 16/16 active\n    b:\n      y            [##########] 16/16 active\n",
		"    units: the table of the units and solos (clash) or armies (Pathfinder) now\n",
	} {
		if !strings.Contains(screen, want) {
			t.Errorf("the prompt does not show %q:\n%s", want, screen)
		}
	}
	// The four words each printed once, before the first question was answered.
	if n := strings.Count(screen, "which tactic does army x use?"); n < 2 {
		t.Errorf("the first question was asked %d times (want it asked again after the words)", n)
	}
}

// Issue 23 (B2): the briefing a Pathfinder hex run opens with, for border-war, read against its
// source by hand: 63 days and 8 hexes; the failure objective (capital reached by skeletons) and the
// day limit lose the run; the friendly treasury of 21 BP and income 8 (P-11); the hexes at their
// axial places [q, r] drawn at column 4 + 6 x (2q + r) (capital [0,0] at 4, road [1,0] at 16,
// moors [3,-1] at 34, marsh [1,1] at 22), each with the armies that start there (capital: dwarves
// and militia, F2; moors: worgs and yetis, E2); capital's only neighbour on the field is road
// (marsh [1,1] is not one of its six axial steps, P-12).
func TestPFRunBriefingByHand(t *testing.T) {
	p, list, err := compiler.Compile([]string{"scenarios/pathfinder/border-war"}, compiler.Options{WorkDir: "../.."})
	if err != nil || p == nil {
		t.Fatal(err, list)
	}
	got := pathfinder.RunBriefing(p)
	for _, want := range []string{
		"  == briefing: The Border War ==\n  63 days of war on a field of 8 hexes",
		"  the run is lost when:\n    capital reached by skeletons (fallen)\n    day 63 ends with no objective met (the day limit)\n",
		"    laid (success): skeletons and zombies defeated (routed or destroyed, P-55, P-57)\n      when met: the dead are laid to rest\n",
		"    treasury 21 BP, income 8 BP a kingdom turn",
		"\n" + strings.Repeat(" ", 34) + "moors\n" + strings.Repeat(" ", 34) + "E2\n",
		"\n    capital     road        tatzlford   hills       barrow\n    F2                      F1                      E2\n",
		"\n" + strings.Repeat(" ", 22) + "marsh       southford\n",
		"    capital (New Stetven): fortification 8\n      next to road\n      armies: dwarves (friendly, hp 5/5), militia (friendly, hp 16/16)\n",
		"    friendly: militia (Militia), Huge, ACR 3, hp 16/16, OM +3, DV 13, Morale +0, speed 2,",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the briefing lacks %q:\n%s", want, got)
		}
	}
	for _, l := range strings.Split(got, "\n") {
		if len(l) > 100 {
			t.Errorf("a line wider than 100 columns: %q", l)
		}
	}
}

// Issue 23 (B2): at a hex run's battle question "status", "map" and "units" print the run as it
// stands without using the decision up. border-war's first battle, by hand from its orders: the
// worgs leave the reserve on day 50 and march moors -> hills -> tatzlford (speed 3, P-6; stopped
// by the battle, P-14), where militiaNorth (the militia's split, day 3) and the knights stand:
// day 50 of 63; the worgs, Medium ACR 2, have hp floor(2 x 5.5) = 11 (P-4).
func TestPFRunPromptWords(t *testing.T) {
	p, list, err := compiler.Compile([]string{"scenarios/pathfinder/border-war"}, compiler.Options{WorkDir: "../.."})
	if err != nil || p == nil {
		t.Fatal(err, list)
	}
	answers := strings.Repeat("\n", 400)
	play := func(in string) (string, string) {
		var out, screen bytes.Buffer
		pr := runner.NewPrompt(strings.NewReader(in), &screen, false)
		if _, err := pathfinder.RunScenario(p, pathfinder.ScenarioOptions{Options: runner.Options{Seed: 1, Decider: pr, Sink: runner.NewTextSink(&out)}}); err != nil {
			t.Fatal(err)
		}
		return out.String(), screen.String()
	}
	plain, _ := play(answers)
	asked, screen := play("status\nmap\nunits\n" + answers)
	if asked != plain {
		t.Errorf("typing status, map and units changed the run")
	}
	first := screen // the words were typed at the first question only
	for _, want := range []string{
		"  day 50 of 63\n",
		"    worgs (enemy): active, hp 11/11, tactic standard, strategy -\n",
		"  map on day 50 (",
		"    tatzlford (Tatzlford): river, fortification 4, advantageous terrain\n",
		"| worgs        | enemy    | active | 11/11 |",
	} {
		if !strings.Contains(first, want) {
			t.Errorf("the first question's words do not show %q:\n%s", want, first)
		}
	}
}
