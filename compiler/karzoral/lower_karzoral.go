package karzoral

import (
	"fmt"
	"sort"

	"github.com/sortie-rpg/sortie/compiler/plan"
)

// karzoral lowers the campaign add-ons (model_karzoral.go) into p, after everything else. A
// scenario without them leaves p as it was (every new plan field is omitted when empty).
func (l *lowerer) karzoral(p *plan.Plan) error {
	k := &l.s.K
	for _, pc := range k.PCs {
		p.Party.PCs = append(p.Party.PCs, plan.PC{
			Name: pc.Name.V, Angel: pc.Angel, Level: pc.Level.V, Agility: pc.Agility.V, Scout: pc.Scout.V,
			Intelligence: pc.Intelligence.V, WarLeader: pc.WarLeader.V, Darkvision: pc.Darkvision, HP: pc.HP.V,
			Defense: pc.Defense.V, Vitality: pc.Vitality.V,
		})
	}
	for _, b := range k.Burdens {
		p.Party.Burdens = append(p.Party.Burdens, plan.Burden{Name: b.V})
	}
	p.Party.Torches, p.Party.LanternOil = k.Torches.V, k.LanternOil.V
	l.prices(p)
	p.NightRaidTN, p.FailureXP = k.NightRaidTN.V, k.FailureXP.V
	for _, f := range k.Flags {
		i, ok := l.flags[f.Name]
		if !ok || !f.Summary.OK {
			continue // a flag no action sets nor condition reads: E002 refused it
		}
		if p.FlagSummaries == nil {
			p.FlagSummaries = make([]string, len(p.Flags))
		}
		p.FlagSummaries[i] = f.Summary.V
	}
	for _, r := range k.Pursuit {
		p.Pursuit = append(p.Pursuit, plan.PursuitRow{Level: r.Level.V, Damage: r.Damage.V})
	}
	sort.SliceStable(p.Pursuit, func(i, j int) bool { return p.Pursuit[i].Level < p.Pursuit[j].Level })
	for i := range p.Armies {
		a := &p.Armies[i]
		a.Accompany, a.SupportPhysical = k.Accompany[a.ID], k.SupportPhysical[a.ID]
	}
	for i := range p.Encounters {
		e := &p.Encounters[i]
		for j, st := range k.Stays[e.ID] {
			if st && j < len(e.Monsters) {
				e.Monsters[j].Stays = true
			}
		}
		if lt := k.Loot[e.ID]; lt != nil {
			do, err := l.actions(lt.Do)
			if err != nil {
				return err
			}
			if len(do) == 0 {
				do = nil
			}
			e.Loot = &plan.Loot{Money: lt.Money.V, Say: lt.Say.V, Do: do}
		}
		if n, ok := k.Next[p.Encounters[i].ID]; ok && n.OK {
			j, err := l.encounter(n)
			if err != nil {
				return err
			}
			p.Encounters[i].Next = &j
		}
	}
	trs := append([]*Traversal(nil), k.Traversals...)
	sort.Slice(trs, func(i, j int) bool { return trs[i].ID < trs[j].ID })
	for _, t := range trs {
		pt := plan.Traversal{ID: t.ID, Name: t.Name.V, Threshold: t.Threshold.V, Exit: t.Exit.V, Say: t.Say.V}
		for _, b := range t.Blocks {
			i, err := l.block(b)
			if err != nil {
				return err
			}
			pt.Blocks = append(pt.Blocks, i)
		}
		sort.Ints(pt.Blocks)
		if len(t.Faces) != 6 {
			return fmt.Errorf("traversal %s has %d faces", t.ID, len(t.Faces))
		}
		for _, f := range t.Faces {
			do, err := l.actions(f.Do)
			if err != nil {
				return err
			}
			if len(do) == 0 {
				do = nil
			}
			pt.Faces = append(pt.Faces, plan.TraversalFace{Say: f.Say.V, Progress: f.Progress.V, Do: do})
		}
		do, err := l.actions(t.Complete)
		if err != nil {
			return err
		}
		if len(do) > 0 {
			pt.Complete = do
		}
		p.Traversals = append(p.Traversals, pt)
	}
	if len(k.Midpoint) > 0 {
		m := &plan.Setup{}
		for _, as := range k.Midpoint {
			i, err := l.army(Str{V: as.ID, OK: true})
			if err != nil {
				return err
			}
			a := &p.Armies[i]
			ps := plan.ArmySetup{Army: i, Strength: a.Strength, Route: a.Route, Reserve: as.Reserve}
			if as.Strength.Set {
				ps.Strength = as.Strength.V
			}
			if len(as.Route) > 0 {
				ps.Route = nil
				for _, r := range as.Route {
					b, err := l.block(r)
					if err != nil {
						return err
					}
					ps.Route = append(ps.Route, b)
				}
			}
			m.Armies = append(m.Armies, ps)
		}
		sort.Slice(m.Armies, func(i, j int) bool { return m.Armies[i].Army < m.Armies[j].Army })
		p.Midpoint = m
	}
	if k.HasOptions {
		b, n := k.Options.Bools, k.Options.Ints
		p.Options = &plan.RuleOptions{
			MajorityAtHalf: b["majorityAtHalf"], CheckedFaceForbidden: b["checkedFaceForbidden"],
			NoSleepPenalty: b["noSleepPenalty"], SleepPenaltyOneDay: b["sleepPenaltyOneDay"], SleepPenalty: n["sleepPenalty"],
			DarkMarchLight12: b["darkMarchLight12"], SurveyStrength: b["surveyStrength"], TorchesFirst: b["torchesFirst"], NegativeProgress: b["negativeProgress"],
			TraversalNextDay: b["traversalNextDay"], CompletionEndsDay: b["completionEndsDay"], EscapeTNOnce: b["escapeTNOnce"],
			BurdenPenaltyFlat: b["burdenPenaltyFlat"], SupportSparesNPCs: b["supportSparesNPCs"], CancelLimit: n["cancelLimit"],
			NoCancelToZero: b["noCancelToZero"], FledGiveNoXP: b["fledGiveNoXP"], BurdenMeanWithoutAngel: b["burdenMeanWithoutAngel"],
			AbilityGrowths: n["abilityGrowths"], PowerTable: k.Options.Table.V, MaxRounds: n["maxRounds"],
			AngelOrders: n["angelOrders"],
		}
	}
	return nil
}
