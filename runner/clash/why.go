package clash

import (
	"fmt"
	"strings"
)

// reasons collects, for the transcript, why a d20 is rolled with advantage or disadvantage and
// what raises an AC. A nil *reasons collects nothing (the battle writes no events) and its
// methods still return true, so a rule reads `adv = r.adv("aided")`.
type reasons struct {
	advs, diss, covers [6]string
	na, nd, nc         int
	baseAC             int
	mods               [2]string // what an attack roll's modifier includes besides the attack's bonus (bless +3)
	nm                 int
}

// mod notes a roll added to an attack's bonus (U-76: bless, bane).
func (r *reasons) mod(s string) {
	if r != nil && r.nm < len(r.mods) {
		r.mods[r.nm] = s
		r.nm++
	}
}

// modList returns the notes of mod (nil when none).
func (r *reasons) modList() []string {
	if r == nil || r.nm == 0 {
		return nil
	}
	return append([]string(nil), r.mods[:r.nm]...)
}

func (r *reasons) reset() *reasons {
	if r != nil {
		*r = reasons{}
	}
	return r
}

func (r *reasons) adv(s string) bool {
	if r != nil && r.na < len(r.advs) {
		r.advs[r.na] = s
		r.na++
	}
	return true
}

func (r *reasons) dis(s string) bool {
	if r != nil && r.nd < len(r.diss) {
		r.diss[r.nd] = s
		r.nd++
	}
	return true
}

func (r *reasons) cover(s string) {
	if r != nil && r.nc < len(r.covers) {
		r.covers[r.nc] = s
		r.nc++
	}
}

func (r *reasons) base(ac int) {
	if r != nil {
		r.baseAC = ac
	}
}

// list returns the reasons as slices for an event (nil when there are none).
func (r *reasons) list() (adv, dis, cover []string) {
	if r == nil {
		return nil, nil, nil
	}
	if r.na > 0 {
		adv = append([]string(nil), r.advs[:r.na]...)
	}
	if r.nd > 0 {
		dis = append([]string(nil), r.diss[:r.nd]...)
	}
	if r.nc > 0 {
		cover = append([]string(nil), r.covers[:r.nc]...)
	}
	return adv, dis, cover
}

// why returns the battle's reasons scratch, reset, when events are written; else nil.
func (b *Battle) why() *reasons {
	if b.rec == nil {
		return nil
	}
	return b.whyBuf.reset()
}

// d20Why writes a d20 roll with its advantage or disadvantage and why: "d20 adv [17, 6] (aided)",
// "d20 12 (adv: aided; dis: long range: they cancel)".
func d20Why(f [2]int, adv, dis, cancel bool, advWhy, disWhy []string) string {
	t := d20Text(f, adv, dis, cancel)
	switch {
	case cancel && (len(advWhy) > 0 || len(disWhy) > 0):
		return fmt.Sprintf("d20 %d (adv: %s; dis: %s: they cancel)", f[0], whyList(advWhy), whyList(disWhy))
	case adv && len(advWhy) > 0:
		return t + " (" + strings.Join(advWhy, ", ") + ")"
	case dis && len(disWhy) > 0:
		return t + " (" + strings.Join(disWhy, ", ") + ")"
	}
	return t
}

func whyList(l []string) string {
	if len(l) == 0 {
		return "?"
	}
	return strings.Join(l, ", ")
}

// acWhy writes an AC and what raised it: "AC 18 (16, forest +2)".
func acWhy(ac, base int, cover []string) string {
	if len(cover) == 0 {
		return fmt.Sprintf("AC %d", ac)
	}
	return fmt.Sprintf("AC %d (%d, %s)", ac, base, strings.Join(cover, ", "))
}
