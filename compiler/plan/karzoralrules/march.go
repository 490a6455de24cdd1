package karzoralrules

// Field is the state of the armies that March reads and changes. Armies are indexed in the plan's
// order (ascending army id); every method is the caller's, so the engine can send its events and
// the forecasts keep their own records.
type Field interface {
	// Armies is the number of armies, reserves included (a reserve is not On until spawned).
	Armies() int
	// Friendly reports whether army i is on the friendly side.
	Friendly(i int) bool
	// Marches reports whether army i moves itself this morning: on the field and not accompanying
	// the party (an accompanying army moves with the party in the Action Phase, K-22).
	Marches(i int) bool
	// Speed is army i's steps a day, at least 1.
	Speed(i int) int
	// AtEnd reports whether army i stands on the last block of its route.
	AtEnd(i int) bool
	// Step moves army i one block on along its route (staying on the last block: a hold).
	Step(i int) error
	// On reports whether army i is on the field (strength above 0, not a reserve still held back).
	On(i int) bool
	// Meets reports whether armies i and j are both on the field, in one block, on opposing sides.
	Meets(i, j int) bool
	// Fight resolves the strength battle of armies i < j (K-24: d = min(a, b), both lose d, an army
	// at 0 leaves the field; K-25 when a friendly army reaches 0).
	Fight(i, j int) error
	// Over reports that the day's march must stop (K-25: a friendly army wiped out ends the run).
	Over() bool
}

// March plays one morning's march of the armies on f: K-22 and K-24 as corrected (2026-12-01). Each
// friendly army that marches, then each enemy army, in ascending army index (the plan sorts armies
// by id), moves Speed steps along its route one block at a time; at the end of its route it holds
// (one step, a hold, on the first step only: K-22 default). Every step that ends in a block holding
// an opposing army starts a strength battle there and then (the seed: 「【友軍】の移動した先のブロックに
// 【蛮族軍】が存在した（あるいはその逆）場合、両軍の間で戦闘が発生します」), the mover fighting them in
// ascending army index until it or they are gone; a surviving mover goes on. So a friendly army
// that steps into an enemy's block fights it before the enemy's own move, two armies that trade
// blocks fight, and an army removed in a battle makes no move that day. Armies set up together (no
// move) fight once every army has moved, pairs in ascending index. It stops at the first error
// from f or once f is Over; the error is f's.
func March(f Field) error {
	n := f.Armies()
	for _, side := range [2]bool{true, false} { // K-22: friendly armies first
		for i := range n {
			if f.Friendly(i) != side || !f.Marches(i) {
				continue
			}
			speed := max(f.Speed(i), 1)
			for k := 1; k <= speed && f.On(i); k++ {
				if k > 1 && f.AtEnd(i) {
					break // the end of its route: it holds there (one hold, on the first step)
				}
				if err := f.Step(i); err != nil || f.Over() {
					return err
				}
				for j := 0; j < n && f.On(i); j++ { // K-24: the mover fights in the block it entered
					if j != i && f.Meets(i, j) {
						if err := f.Fight(min(i, j), max(i, j)); err != nil || f.Over() {
							return err
						}
					}
				}
			}
		}
	}
	for i := range n { // armies set up together fight once every army has moved
		for j := i + 1; j < n; j++ {
			if f.Meets(i, j) {
				if err := f.Fight(i, j); err != nil || f.Over() {
					return err
				}
			}
		}
	}
	return nil
}
