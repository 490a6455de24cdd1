package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

// clashEvent is the part of a clash JSON Lines event the hand check reads.
type clashEvent struct {
	Type, Who, Unit, Solo, Cmd, Attacker, Target, Attack, Ability, Why, From, To string
	Round, Face, Mod, Total, AC, DC, Amount, Before, HP                          int
	Faces                                                                        []int
	Adv, Dis, Long, Hit, OK, Casualty, Already, Melee                            bool
	AdvWhy, DisWhy                                                               []string
	Cause                                                                        string
}

// TestClashFieldJSONLRoundOneByHand pairs the field.jsonl golden (TestClashBattleGolden, the
// same run as field.txt, as JSON Lines) with round 1 checked event by event against modifiers,
// ACs and DCs written here from the SRD stat blocks, and the arithmetic of RULES.md Part U: the
// d20 faces and damage dice are the run's, every total, outcome, hp and overflow is derived.
func TestClashFieldJSONLRoundOneByHand(t *testing.T) {
	dir := repo(t, "scenarios", "clash", "field")
	code, out, errs := runMain("battle", dir, "--seed", "1", "--script", filepath.Join(dir, "script.yaml"), "--format", "jsonl")
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, errs)
	}
	var events []clashEvent
	for _, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		var e clashEvent
		if err := json.Unmarshal([]byte(line), &e); err != nil {
			t.Fatalf("%v: %s", err, line)
		}
		if e.Type == "clash.round" && e.Round == 2 {
			break
		}
		events = append(events, e)
	}

	// U-26 (SRD Dex, as in TestClashFieldRoundOneByHand): regiments the lowest of stands and
	// joined solos, skirmishers the highest.
	initMod := map[string]int{"spears": min(1, 0), "militia": min(0, 1), "archers": 2, "axes": min(1, -1), "gnolls": min(1, 2), "wolves": 2}
	// U-14: Incite is a Charisma check, DC 15: bugbear Cha 9 (-1), ogre 7 (-2), veteran 10 (0),
	// knight 15 (+2); none of them has Intimidation or Persuasion.
	chaMod := map[string]int{"skarn": -1, "ugruk": -2, "hesta": 0, "aldric": 2}
	// Attack bonuses (SRD): gnoll longbow +3, scout longbow +4, knight heavy crossbow +2, orc
	// javelin and greataxe +5, ogre greatclub and javelin +6, thug heavy crossbow +2 and mace +4,
	// veteran heavy crossbow +3, bugbear thrown javelin +4, wolf bite +4.
	toHit := map[string]int{
		"gnolls Longbow": 3, "archers Longbow": 4, "aldric Heavy Crossbow": 2, "axes Javelin": 5,
		"axes Greataxe": 5, "ugruk Greatclub": 6, "ugruk Javelin": 6, "militia Heavy Crossbow": 2,
		"militia Mace": 4, "hesta Heavy Crossbow": 3, "skarn Javelin (thrown)": 4, "wolves Bite": 4,
	}
	// AC (SRD): guard 16 (chain shirt, shield), thug 11, scout 13, orc 13, gnoll 15, wolf 13.
	ac := map[string]int{"spears": 16, "militia": 11, "archers": 13, "axes": 13, "gnolls": 15, "wolves": 13}
	unitOf := func(stand string) string { return strings.Fields(stand)[0] }
	d20 := func(e clashEvent) int {
		switch {
		case e.Adv && e.Dis:
			return e.Faces[0]
		case e.Dis:
			return min(e.Faces[0], e.Faces[1])
		case e.Adv:
			return max(e.Faces[0], e.Faces[1])
		}
		return e.Faces[0]
	}
	counts := map[string]int{}
	for i, e := range events {
		counts[e.Type]++
		switch e.Type {
		case "clash.initiative":
			if m, ok := initMod[e.Who]; !ok || e.Mod != m || e.Total != e.Face+m {
				t.Errorf("initiative %s: d20 %d %+d = %d; by hand %+d", e.Who, e.Face, e.Mod, e.Total, m)
			}
		case "clash.command":
			if m := chaMod[e.Solo]; e.Mod != m || e.Total != e.Face+m || e.DC != 15 || e.OK != (e.Total >= 15) {
				t.Errorf("%s's %s: %+v; by hand Cha %+d, DC 15", e.Solo, e.Cmd, e, m)
			}
		case "clash.attack":
			who := unitOf(e.Attacker)
			m, ok := toHit[who+" "+e.Attack]
			face := d20(e)
			hit := face == 20 || (face != 1 && face+m >= ac[unitOf(e.Target)])
			if !ok || e.Mod != m || e.Face != face || e.Total != face+m || e.AC != ac[unitOf(e.Target)] || e.Hit != hit {
				t.Errorf("%s -> %s, %s: %+v; by hand %+d vs AC %d, d20 %d: hit %v", e.Attacker, e.Target, e.Attack, e, m, ac[unitOf(e.Target)], face, hit)
			}
			// U-37: disadvantage at long range (the only reason in this round) and only there.
			if e.Long != e.Dis || (e.Dis && strings.Join(e.DisWhy, ",") != "long range") {
				t.Errorf("%s -> %s: long %v, dis %v %v", e.Attacker, e.Target, e.Long, e.Dis, e.DisWhy)
			}
			// A hit is followed by its damage, and only a hit.
			if next := events[i+1]; (next.Type == "clash.damage" && next.Target == e.Target) != e.Hit {
				t.Errorf("%s -> %s: hit %v, then %+v", e.Attacker, e.Target, e.Hit, next)
			}
		case "clash.damage":
			// U-57: a casualty counts as 1 hp; damage reaching one leaves it at 0. Otherwise
			// hp = before - amount, floored at 0: a casualty at 0.
			want := max(0, e.Before-e.Amount)
			if e.HP != want || e.Casualty != (want == 0) || e.Already != (e.Before == 0) {
				t.Errorf("%s takes %d: %d -> %d hp, casualty %v, already %v; by hand %d", e.Target, e.Amount, e.Before, e.HP, e.Casualty, e.Already, want)
			}
			// U-56: what a stand cannot hold passes on (one hop, Default); a casualty absorbs 1.
			held := max(e.Before, 1)
			if e.Already {
				held = 1
			}
			over := e.Amount - held
			next := clashEvent{}
			if i+1 < len(events) {
				next = events[i+1]
			}
			if next.Type == "clash.overflow" {
				if next.From != e.Target || next.Amount != over || unitOf(next.To) != unitOf(e.Target) {
					t.Errorf("%s takes %d of %d held: overflow %+v; by hand %d", e.Target, e.Amount, held, next, over)
				}
				if after := events[i+2]; after.Type != "clash.damage" || after.Target != next.To || after.Amount != over || after.Cause != "overflow" {
					t.Errorf("overflow of %d to %s, then %+v", over, next.To, after)
				}
			}
		case "clash.save":
			// U-62: the wolves lost 2 of 3 stands: DC 10 Wisdom, wolf Wis 12 (+1).
			if e.Who != "wolves" || e.Ability != "wis" || e.Why != "morale" || e.Mod != 1 || e.DC != 10 || e.Total != e.Face+1 || e.OK != (e.Total >= 10) {
				t.Errorf("morale: %+v; by hand wolves, Wis +1 vs DC 10", e)
			}
		}
	}
	// The round's shape, by hand from the trace (testdata/clash/README.md): six units roll; three
	// commanders try to Incite (Skarn, Ugruk, Hesta); three stands (spears 1, wolves 1 and 3) are
	// removed at the end (U-60); one morale save, the wolves' (U-62); damage overflows three
	// times: archers 1's and archers 2's second hits from wolves 1 into wolves 3, axes 3's javelin
	// from spears 1 into spears 2.
	if counts["clash.initiative"] != 6 || counts["clash.command"] != 3 || counts["clash.removed"] != 3 || counts["clash.save"] != 1 || counts["clash.overflow"] != 3 {
		t.Errorf("round 1's events: %v", counts)
	}
	if counts["clash.attack"] == 0 || counts["clash.damage"] == 0 || counts["clash.overflow"] == 0 {
		t.Errorf("round 1 has no attacks, damage or overflow: %v", counts)
	}
}
