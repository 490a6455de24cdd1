package pathfinder

import pfarmy "github.com/sortie-rpg/sortie/compiler/plan/pfarmy"

// selfHeal is fast healing's and regeneration's healing outside battle (P-1; Special Abilities):
// at the end of each day, after the day's battles and rest (P-64), every army on the map with
// either heals pfarmy.HourlyHeal an hour for pfarmy.HoursADay hours, never above full, whether it
// moved, fought or rested; routed armies too. The published "each hour" needs no dice.
func (r *hexRun) selfHeal() error {
	for i := range r.armies {
		a := &r.armies[i]
		h := pfarmy.HourlyHeal(&a.st)
		if a.gone != "" || h == 0 || a.hp >= a.st.HP {
			continue
		}
		hp := min(a.st.HP, a.hp+h*pfarmy.HoursADay)
		if r.on {
			if err := r.send(&HexRecoverEvent{Day: r.day, Army: a.pa.ID, HP: hp, Hourly: h, from: a.hp}); err != nil {
				return err
			}
		}
		a.hp = hp
	}
	return nil
}
