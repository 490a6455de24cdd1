package campaign

import (
	"fmt"

	"github.com/sortie-rpg/sortie/runner"
	"github.com/sortie-rpg/sortie/runner/karzoral"
)

// AbilityRoll is one ability growth (K-64) of a campaign PC: the two faces rolled, the face kept
// and the ability it raises by 1.
type AbilityRoll struct {
	PC      string `json:"pc"`            // the PC's id
	Who     string `json:"who,omitempty"` // its display name (PC.Shown), for the transcript
	Dice    [2]int `json:"dice"`
	Face    int    `json:"face"`
	Ability string `json:"ability"`
}

// abilityGrowths implements K-64 (with K-3, K-60) for the campaign's PCs: at every growth point a
// sortie settled (Report.Growths), each PC the scenario runner did not grow itself rolls two d6
// and keeps one (the seed: 「２ｄして選ぶ：能力値成長と同様に、サイコロを２つ振り、好きな一方を選ぶ」
// and 「能力値や技能の成長を行えます」); the face names the ability raised by 1 (Default: one ability
// growth per growth point). Growth points in order, PCs in campaign order within each. The dice
// come from the campaign's chain (a script's roll entries, else the seeded source); which face is
// kept is the players' decision (KindPick, cause "growth", titled with the PC's display name, PC.Shown), Optional: the
// policy Default keeps the first die rolled.
func (g *game) abilityGrowths(rep *Report) ([]AbilityRoll, error) {
	most := 0
	for _, n := range rep.Growths {
		most = max(most, n)
	}
	var out []AbilityRoll
	for point := 0; point < most; point++ {
		for k := range g.s.PCs {
			if k >= len(rep.Growths) || rep.Growths[k] <= point {
				continue
			}
			pc := &g.s.PCs[k]
			var d [2]int
			for j := range d {
				g.req = runner.Request{Kind: runner.KindRoll, Sides: 6, Cause: "growth", Title: pc.ID}
				f, err := g.ch.Die(&g.req)
				if err != nil {
					return out, err
				}
				d[j] = f
			}
			ch := g.choices[:0]
			ch = append(ch, runner.Choice{Name: itoa(d[0]), Value: d[0], Note: karzoral.AbilityName(d[0])})
			if d[1] != d[0] {
				ch = append(ch, runner.Choice{Name: itoa(d[1]), Value: d[1], Note: karzoral.AbilityName(d[1])})
			}
			g.choices = ch
			g.req = runner.Request{Kind: runner.KindPick, Choices: ch, Dice: d, Cause: "growth", Title: pc.Shown(),
				Optional: true, Default: 0}
			i, err := g.ch.Ask(&g.req)
			if err != nil {
				return out, err
			}
			if i < 0 {
				i = 0 // the policy Default: the first die
			}
			f := ch[i].Value
			pc.Growth[f-1]++
			if g.out.on { // only a transcript shows the rolls: a simulation keeps the counts
				out = append(out, AbilityRoll{PC: pc.ID, Who: pc.Shown(), Dice: d, Face: f, Ability: karzoral.AbilityName(f)})
			}
		}
	}
	return out, nil
}

// abilityText is a line of the growth block: "Aldo rolled 3 and 5, kept 5: intelligence +1".
func abilityText(a AbilityRoll) string {
	who := a.Who
	if who == "" {
		who = a.PC
	}
	return fmt.Sprintf("%s rolled %d and %d, kept %d: %s +1", who, a.Dice[0], a.Dice[1], a.Face, a.Ability)
}

// growthText sums a PC's ability growths for the end table: "agility +1, spirit +2", "none".
func growthText(g [6]int) string {
	s := ""
	for f, n := range g {
		if n == 0 {
			continue
		}
		if s != "" {
			s += ", "
		}
		s += fmt.Sprintf("%s +%d", karzoral.AbilityName(f+1), n)
	}
	if s == "" {
		return "none"
	}
	return s
}
