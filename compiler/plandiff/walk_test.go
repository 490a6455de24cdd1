package plandiff

import (
	"strings"
	"testing"

	"github.com/sortie-rpg/sortie/compiler/plan"
)

// A struct in words is its set fields by their plan names, never %+v (issue 20 review: Go structs
// in the diff; the Karzoral PCs, shop items and options and a clash objective's condition were
// %+v too). A number says 0; false and "" are left out.
func TestWalkText(t *testing.T) {
	pc := plan.PC{Name: "Mira", Level: 3, Agility: 0, Darkvision: true, HP: 20}
	got := walkText(pc)
	want := "name: Mira; level: 3; agility: 0; scout: 0; intelligence: 0; vitality: 0; warLeader: 0; darkvision: yes; hp: 20"
	if len(got) < len(want) || got[:len(want)] != want {
		t.Errorf("walkText(pc) = %q, want it to begin %q", got, want)
	}
	c := plan.ClashCond{Op: plan.ClashAll, Args: []plan.ClashCond{{Op: plan.ClashBroken, Unit: 2}}}
	if s := walkText(c); !strings.Contains(s, "op: all") || !strings.Contains(s, "args[0].op: broken") || !strings.Contains(s, "args[0].unit: 2") {
		t.Errorf("walkText(cond) = %q", s)
	}
}
