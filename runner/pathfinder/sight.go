package pathfinder

import (
	"fmt"

	"github.com/sortie-rpg/sortie/compiler/plan"
	"github.com/sortie-rpg/sortie/runner"
)

// HexSight is what one side of a hex run knows of the other side's armies: the fog of war of a
// person playing one side (`sortie run --play SIDE`: its briefing, map, status, units, recap and
// transcript; hexfog.go) and of the HTML replay's players' view (runner/replay, hex.go), one rule
// for both (issue 23).
//
// The rule. Part P says nothing of what a side knows of the other's armies, so sortie reads it as
// K-23's Default does for Karzoral (its own place and army visible, everything else hidden): a
// side sees its own armies always, and an enemy army only while it stands on a hex with one of
// the side's armies, where it engages them (P-14); after that the enemy stays on the side's map
// where and as it was last seen (its hp then, "last seen on day N") until the side sees it again
// or sees it gone (every battle is fought with an army of the side, P-14, so a routed or destroyed
// enemy is seen going). An enemy's setting out and its marches that end away from every army of
// the side are not seen, nor is anything else that befalls an enemy out of sight.
//
// The caller says where each army stands (Set, Gone) from its own record of the run (the engine's
// state, or the replay's reading of the JSONL), then asks. Hexes are indexes into
// Pathfinder.Hexes; -1 is off the field.
type HexSight struct {
	side  int
	index map[string]int // army id -> its index (plan order)
	own   []bool
	hex   []int // where each army stands now; -1: off the field (not formed yet, gone)
	hp    []int
	seen  []Seen
}

// Seen is the side's last sight of an army: its hex (-1: never seen, or seen gone), its hp then
// and the day.
type Seen struct{ Hex, HP, Day int }

// NewHexSight is the sight of side (plan.Friendly or plan.Enemy) over pf's armies, every one off
// the field until Set.
func NewHexSight(pf *plan.Pathfinder, side int) *HexSight {
	n := len(pf.Armies)
	s := &HexSight{side: side, index: make(map[string]int, n), own: make([]bool, n), hex: make([]int, n), hp: make([]int, n), seen: make([]Seen, n)}
	for i := range pf.Armies {
		s.index[pf.Armies[i].ID] = i
		s.own[i] = pf.Armies[i].Side == side
		s.hex[i], s.seen[i].Hex = -1, -1
	}
	return s
}

// Set says that army id stands on hex with hp now (hex -1: off the field). An id the plan does
// not have is ignored.
func (s *HexSight) Set(id string, hex, hp int) {
	if i, ok := s.index[id]; ok {
		s.hex[i], s.hp[i] = hex, hp
	}
}

// Gone says that army id left the war in a battle (destroyed, surrendered, disbanded): the side saw
// it go (P-14), so it no longer looks for it where it last saw it.
func (s *HexSight) Gone(id string) {
	if i, ok := s.index[id]; ok {
		s.hex[i], s.seen[i].Hex = -1, -1
	}
}

// Own reports whether army id is of the side.
func (s *HexSight) Own(id string) bool {
	i, ok := s.index[id]
	return ok && s.own[i]
}

// SeesAt reports whether an army of the side stands on hex: the side sees every army there.
func (s *HexSight) SeesAt(hex int) bool {
	if hex < 0 {
		return false
	}
	for i, h := range s.hex {
		if h == hex && s.own[i] {
			return true
		}
	}
	return false
}

// Sees reports whether the side sees army id now: its own on the field, or an enemy on a hex
// with one of the side's armies.
func (s *HexSight) Sees(id string) bool {
	i, ok := s.index[id]
	return ok && s.hex[i] >= 0 && (s.own[i] || s.SeesAt(s.hex[i]))
}

// SeesArrival reports whether the side sees army id set out on, or march or be placed into, hex
// to: its own always, an enemy only where an army of the side stands.
func (s *HexSight) SeesArrival(id string, to int) bool { return s.Own(id) || s.SeesAt(to) }

// Look records the side's sight on day: every army it sees now is seen where it stands, with its
// hp.
func (s *HexSight) Look(day int) {
	for i, h := range s.hex {
		if h >= 0 && (s.own[i] || s.SeesAt(h)) {
			s.seen[i] = Seen{Hex: h, HP: s.hp[i], Day: day}
		}
	}
}

// LastSeen is the side's last sight of enemy army id when it does not see it now and saw it
// before (and did not see it go); ok false otherwise, and for the side's own armies.
func (s *HexSight) LastSeen(id string) (Seen, bool) {
	i, ok := s.index[id]
	if !ok || s.own[i] || s.seen[i].Hex < 0 || s.Sees(id) {
		return Seen{}, false
	}
	return s.seen[i], true
}

// lastSeenWords is an army's state as the side last saw it: "last seen on day 3".
func lastSeenWords(sn Seen) string { return fmt.Sprintf("last seen on day %d", sn.Day) }

// SeesEvent reports whether the side is shown hex event e once the sight knows where every army
// stands after it (Set, Gone): the one rule of `sortie run --play SIDE` (HexFog) and of the HTML
// replay's players' view (runner/replay), P-14 read as K-23's Default.
//   - Its own armies' every event; a battle, its log and its aftermath (each is fought with an army
//     of the side, P-14).
//   - An enemy's setting out, march, placing (P-62), healing (P-64, P-1) and disease only where it
//     is seen after it. An enemy that surrenders for want of a hex (P-55) is shown: it surrenders
//     to the side's army that beat it, so the side sees it go.
//   - A kingdom's books (kingdom P-57, ransom P-58, treasury and pay P-11, upkeep P-59) only to that kingdom's
//     side. The live fog used to show a seen enemy army's pay and upkeep roll; the replay did not:
//     an army's consumption, the treasury it is paid from and its Loyalty roll are the other
//     kingdom's books, which nothing on the field shows, so neither shows them now.
//   - An order (split, combine, buy...) only when every army it names is the side's: an order
//     naming an enemy army is the enemy kingdom's decision, even with that army in sight (the live
//     fog used to show it then; the replay did not).
//
// Any other event (day, battle, log, aftermath, objective, end) is shown.
func (s *HexSight) SeesEvent(e runner.Event) bool {
	seen := func(id string) bool { return s.Own(id) || s.Sees(id) }
	side := sideNames[s.side]
	switch v := e.(type) {
	case *HexStartEvent:
		return seen(v.Army)
	case *HexMoveEvent:
		return seen(v.Army)
	case *HexPlacedEvent:
		return v.Status == "surrendered" || seen(v.Army)
	case *HexOrderEvent:
		for _, id := range append(append([]string(nil), v.Armies...), v.Into...) {
			if !s.Own(id) {
				return false
			}
		}
		return len(v.Armies)+len(v.Into) > 0
	case *HexRecoverEvent:
		return seen(v.Army)
	case *HexDiseaseEvent:
		return seen(v.Army)
	case *HexPayEvent:
		return v.Side == side
	case *HexUpkeepEvent:
		return v.Side == side
	case *HexTreasuryEvent:
		return v.Side == side
	case *HexKingdomEvent:
		return v.Side == side
	case *HexRansomEvent:
		return v.Side == side
	}
	return true
}
