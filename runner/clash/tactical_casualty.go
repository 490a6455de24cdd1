package clash

// casualtyValue is what hitting casualty stand i is worth to the tactical policy [AI], for
// expected damage e2 (x 2) at chance p (1/20ths): it absorbs 1 (U-57) and the rest overflows
// (U-56) to an adjacent stand of its unit with the same stat block, the attacker's pick: worth
// what that rest is worth against the best such stand that is not a casualty; with none, next to
// nothing (issue 21: stands spent attacks on a casualty while a live enemy stood in reach).
func (b *Battle) casualtyValue(i int32, e2, p int64) int64 {
	if b.o.Overflow == OverflowNone || e2 <= 2 {
		return p / 4
	}
	best := p / 4
	b.pf.cands = b.overflowCandidates(i, b.hitSeq+1, b.pf.cands[:0]) // a seq no stand carries yet
	for _, k := range b.pf.cands {
		if b.st[k].cas {
			continue
		}
		best = max(best, b.targetValue(Ref{RefStand, int(k)}, e2-2, p))
	}
	return best
}
