package karzoral

import (
	"fmt"
	"strings"

	"cuelang.org/go/cue"

	"github.com/sortie-rpg/sortie/compiler"
	"github.com/sortie-rpg/sortie/compiler/diag"
	"github.com/sortie-rpg/sortie/compiler/plan"
)

// Karzoral's field campaigns (kind: "campaign", schema #Campaign; K-9 to K-14): the core loads a
// campaign file and compiles its scenarios (compiler.CompileCampaign); what a campaign says is read
// and checked here (compiler.CampaignRules): its party and the one angel (K-1, C006), its bases,
// benefits and shop (K-10 to K-12), its references (C002) and its unlock graph (C004, C005).

// campaignRules are the rules of Karzoral's campaign files, in the registry (register.go).
var campaignRules = &compiler.CampaignRules{Decode: decodeCampaign, Check: checkGraph, Symbols: campaignSymbols}

// decodeCampaign reads a schema-checked campaign file (in the evaluator), reporting C002 and C006
// to the unit's list.
func decodeCampaign(uc *compiler.Unit) *compiler.CampaignDraft {
	dr := &compiler.CampaignDraft{}
	cd := &campaignDecoder{nm: uc.Namer(), list: uc.List(), user: uc.User(), draft: dr}
	dr.Campaign = cd.decode()
	return dr
}

// campaignDecoder reads the (schema-checked) campaign value and resolves its references.
type campaignDecoder struct {
	nm    *compiler.Namer
	list  *diag.List
	user  cue.Value
	draft *compiler.CampaignDraft // where the scenario entries and unlocks are recorded
}

func (d *campaignDecoder) at(path string) cue.Value {
	return d.user.LookupPath(cue.ParsePath(path))
}

func strOf(v cue.Value, def string) string {
	if s, err := v.String(); err == nil {
		return s
	}
	return def
}

func intOf(v cue.Value, def int) int {
	if n, err := v.Int64(); err == nil {
		return int(n)
	}
	return def
}

func boolOf(v cue.Value, def bool) bool {
	if b, err := v.Bool(); err == nil {
		return b
	}
	return def
}

func (d *campaignDecoder) decode() *plan.Campaign {
	c := &plan.Campaign{
		ID:    strOf(d.at("id"), ""),
		Title: strOf(d.at("title"), ""),
		Money: intOf(d.at("money"), 0),
		Final: -1,
		Debt:  strOf(d.at("options.debt"), "pc"),
		// K-14: 10,000 gamels unless the campaign says otherwise.
		ResurrectionCost: intOf(d.at("options.resurrectionCost"), 10000),
	}
	// The user's value lacks the schema's defaults: apply them here (level 2, xp 0, ...).
	for _, f := range compiler.StructFields(d.at("bases")) {
		c.Bases = append(c.Bases, plan.Base{ID: f.ID, Name: strOf(f.V.LookupPath(cue.ParsePath("name")), f.ID)})
	}
	for _, f := range compiler.StructFields(d.at("benefits")) {
		c.Benefits = append(c.Benefits, plan.Benefit{ID: f.ID,
			Name: strOf(f.V.LookupPath(cue.ParsePath("name")), f.ID),
			By:   strOf(f.V.LookupPath(cue.ParsePath("by")), ""),
			Open: boolOf(f.V.LookupPath(cue.ParsePath("open")), false)})
	}
	for _, f := range compiler.StructFields(d.at("shop")) {
		c.Shop = append(c.Shop, plan.Item{ID: f.ID,
			Name:  strOf(f.V.LookupPath(cue.ParsePath("name")), f.ID),
			Price: intOf(f.V.LookupPath(cue.ParsePath("price")), 0),
			// K-12: what a purchase at a base mid-scenario adds (runner/karzoral shop.go).
			Rations: intOf(f.V.LookupPath(cue.ParsePath("rations")), 0),
			Torches: intOf(f.V.LookupPath(cue.ParsePath("torches")), 0),
			Oil:     intOf(f.V.LookupPath(cue.ParsePath("oil")), 0)})
	}
	angels := 0
	for _, f := range compiler.StructFields(d.at("party")) {
		pc := plan.CampaignPC{ID: f.ID,
			Name:  strOf(f.V.LookupPath(cue.ParsePath("name")), f.ID),
			Angel: boolOf(f.V.LookupPath(cue.ParsePath("angel")), false),
			Level: intOf(f.V.LookupPath(cue.ParsePath("level")), 2),
			XP:    intOf(f.V.LookupPath(cue.ParsePath("xp")), 0)}
		if pc.Angel {
			angels++
		}
		c.Party = append(c.Party, pc)
	}
	if angels != 1 {
		pv := d.at("party")
		pos := d.nm.LabelPos(pv)
		if !pos.IsValid() {
			pos = d.nm.Pos(d.user.Pos())
		}
		d.list.Add(diag.Errorf(pos, codeAngel, "the party has %d angels; K-1 wants exactly one PC with angel: true", angels))
	}

	scen := compiler.StructFields(d.at("scenarios"))
	ids := make([]string, len(scen))
	index := map[string]int{}
	for i, f := range scen {
		ids[i] = f.ID
		index[f.ID] = i
	}
	baseIDs := make([]string, len(c.Bases))
	baseIndex := map[string]int{}
	for i, b := range c.Bases {
		baseIDs[i] = b.ID
		baseIndex[b.ID] = i
	}
	benIDs := make([]string, len(c.Benefits))
	benIndex := map[string]int{}
	for i, b := range c.Benefits {
		benIDs[i] = b.ID
		benIndex[b.ID] = i
	}
	ref := func(v cue.Value, what string, names []string, idx map[string]int) int {
		s := strOf(v, "")
		if i, ok := idx[s]; ok {
			return i
		}
		dg := diag.Errorf(d.nm.ValuePos(v), codeCampaignRef, "unknown %s %q", what, s)
		if m := suggest(s, names); m != "" {
			dg = dg.WithHint("did you mean %q?", m)
		} else if len(names) > 0 {
			dg = dg.WithHint("the campaign's %ss: %s", what, strings.Join(names, ", "))
		}
		d.list.Add(dg)
		return -1
	}
	refs := func(v cue.Value, what string, names []string, idx map[string]int) []int {
		var out []int
		for _, e := range compiler.ListElems(v) {
			if i := ref(e, what, names, idx); i >= 0 {
				out = append(out, i)
			}
		}
		return out
	}

	c.Prologue = ref(d.at("prologue"), "scenario", ids, index)
	c.Start = refs(d.at("start"), "scenario", ids, index)
	if f := d.at("final"); f.Exists() {
		c.Final = ref(f, "scenario", ids, index)
	}
	d.draft.UnlockPos = make([][]diag.Pos, len(scen))
	for i, f := range scen {
		s := plan.CampaignScenario{ID: f.ID, Base: -1,
			Path:      strOf(f.V.LookupPath(cue.ParsePath("path")), ""),
			Reward:    intOf(f.V.LookupPath(cue.ParsePath("reward")), 0),
			FailureXP: intOf(f.V.LookupPath(cue.ParsePath("failureXP")), 0)}
		if b := f.V.LookupPath(cue.ParsePath("base")); b.Exists() {
			s.Base = ref(b, "base", baseIDs, baseIndex)
		}
		for _, e := range compiler.ListElems(f.V.LookupPath(cue.ParsePath("unlocks"))) {
			if j := ref(e, "scenario", ids, index); j >= 0 {
				s.Unlocks = append(s.Unlocks, j)
				d.draft.UnlockPos[i] = append(d.draft.UnlockPos[i], d.nm.ValuePos(e))
			}
		}
		s.Benefits = refs(f.V.LookupPath(cue.ParsePath("benefits")), "benefit", benIDs, benIndex)
		d.draft.Refs = append(d.draft.Refs, compiler.ScenarioRef{ID: f.ID, Path: s.Path,
			PathPos: d.nm.ValuePos(f.V.LookupPath(cue.ParsePath("path"))), LabelPos: d.nm.LabelPos(f.V)})
		c.Scenarios = append(c.Scenarios, s)
	}
	return c
}

// checkGraph checks the unlock graph (K-9, K-10): every scenario is reachable from the prologue
// and the start list through unlocks (C004), and no chain of unlocks leads back to where it
// started (C005).
func checkGraph(d *compiler.CampaignDraft, list *diag.List) {
	c, refs, unlockPos := d.Campaign, d.Refs, d.UnlockPos
	n := len(c.Scenarios)
	reach := make([]bool, n)
	var queue []int
	push := func(i int) {
		if i >= 0 && !reach[i] {
			reach[i] = true
			queue = append(queue, i)
		}
	}
	push(c.Prologue)
	for _, s := range c.Start {
		push(s)
	}
	for len(queue) > 0 {
		i := queue[0]
		queue = queue[1:]
		for _, u := range c.Scenarios[i].Unlocks {
			push(u)
		}
	}
	for i := range reach {
		if !reach[i] {
			list.Add(diag.Errorf(refs[i].LabelPos, codeUnreachableScenario,
				"scenario %s can never be selected: it is not the prologue, not in start, and no reachable clear unlocks it (K-9, K-10)", c.Scenarios[i].ID))
		}
	}
	// Cycles: depth-first search in source order; a back edge closes a cycle (reported once, at
	// the unlock entry that closes it).
	const (
		white = iota
		grey
		black
	)
	color := make([]int, n)
	var stack []int
	var visit func(i int)
	visit = func(i int) {
		color[i] = grey
		stack = append(stack, i)
		for k, u := range c.Scenarios[i].Unlocks {
			switch color[u] {
			case white:
				visit(u)
			case grey:
				var names []string
				for j := len(stack) - 1; j >= 0; j-- {
					names = append([]string{c.Scenarios[stack[j]].ID}, names...)
					if stack[j] == u {
						break
					}
				}
				names = append(names, c.Scenarios[u].ID)
				list.Add(diag.Errorf(unlockPos[i][k], codeUnlockCycle, "unlock cycle: %s (a clear cannot unlock a scenario that leads back to it)", strings.Join(names, " -> ")))
			}
		}
		stack = stack[:len(stack)-1]
		color[i] = black
	}
	for i := range c.Scenarios {
		if color[i] == white {
			visit(i)
		}
	}
}

// campaignSymbols indexes a campaign file: scenarios, bases, benefits, shop items and PCs.
func campaignSymbols(uc *compiler.Unit) *compiler.Symbols {
	b := uc.NewSymBuilder("#Campaign", nil)
	b.Scan()
	user := uc.User()
	for _, f := range compiler.StructFields(user.LookupPath(cue.ParsePath("scenarios"))) {
		info := []string{"campaign scenario at " + strOf(f.V.LookupPath(cue.ParsePath("path")), "?")}
		if r, err := f.V.LookupPath(cue.ParsePath("reward")).Int64(); err == nil {
			info = append(info, fmt.Sprintf("reward %d gamels", r))
		}
		if base := strOf(f.V.LookupPath(cue.ParsePath("base")), ""); base != "" {
			info = append(info, "a clear secures base "+base+" (K-10)")
		}
		var un []string
		for _, e := range compiler.ListElems(f.V.LookupPath(cue.ParsePath("unlocks"))) {
			un = append(un, strOf(e, "?"))
		}
		if len(un) > 0 {
			info = append(info, "a clear unlocks "+strings.Join(un, ", ")+" (K-10)")
		}
		b.Symbol(compiler.KindScenario, f.ID).Info = info
	}
	for _, sec := range []struct {
		path string
		kind compiler.SymbolKind
		what string
	}{{"bases", compiler.KindBase, "base"}, {"benefits", compiler.KindBenefit, "mercenary benefit (K-11)"}, {"shop", compiler.KindItem, "shop item (K-12)"}, {"party", compiler.KindPC, "PC (K-1)"}} {
		for _, f := range compiler.StructFields(user.LookupPath(cue.ParsePath(sec.path))) {
			info := []string{sec.what}
			if n := strOf(f.V.LookupPath(cue.ParsePath("name")), ""); n != "" {
				info[0] += ": " + n
			}
			b.Symbol(sec.kind, f.ID).Info = info
		}
	}
	return b.Done()
}
