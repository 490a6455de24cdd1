package runner

import (
	"math"
	"slices"
)

// Dist is a distribution of integer values (days, strengths, XP): how many times each value
// came. Counting by value keeps it exact and mergeable in any order; sums are integers, so the
// mean does not depend on the order either. The zero Dist is empty and ready.
type Dist struct {
	N      int         // values added
	Sum    int64       // their sum
	counts map[int]int // value -> times
}

// Add adds one value.
func (d *Dist) Add(v int) {
	if d.counts == nil {
		d.counts = map[int]int{}
	}
	d.counts[v]++
	d.N++
	d.Sum += int64(v)
}

// Merge adds every value of e.
func (d *Dist) Merge(e *Dist) {
	if e.N == 0 {
		return
	}
	if d.counts == nil {
		d.counts = make(map[int]int, len(e.counts))
	}
	for v, n := range e.counts {
		d.counts[v] += n
	}
	d.N += e.N
	d.Sum += e.Sum
}

// Values returns the distinct values, ascending, with how often each came.
func (d *Dist) Values() (values, counts []int) {
	for v := range d.counts {
		values = append(values, v)
	}
	slices.Sort(values)
	for _, v := range values {
		counts = append(counts, d.counts[v])
	}
	return values, counts
}

// Min and Max are the smallest and largest values (0 when empty).
func (d *Dist) Min() int { return d.Quantile(0) }
func (d *Dist) Max() int { return d.Quantile(1) }

// Mean is the average (0 when empty).
func (d *Dist) Mean() float64 {
	if d.N == 0 {
		return 0
	}
	return float64(d.Sum) / float64(d.N)
}

// Quantile returns the q-quantile (0 <= q <= 1) by the nearest-rank method: the smallest value
// with at least ceil(q*N) values at or below it (the smallest value for q = 0); 0 when empty.
// The median is Quantile(0.5), p90 Quantile(0.9).
func (d *Dist) Quantile(q float64) int {
	if d.N == 0 {
		return 0
	}
	rank := int(math.Ceil(q * float64(d.N)))
	rank = max(rank, 1)
	values, counts := d.Values()
	seen := 0
	for i, v := range values {
		seen += counts[i]
		if seen >= rank {
			return v
		}
	}
	return values[len(values)-1]
}

// Wilson returns the 95% Wilson score interval of a proportion of k successes in n trials (0, 0
// for n = 0): (p + z²/2n ± z·sqrt(p(1-p)/n + z²/4n²)) / (1 + z²/n), z = 1.959964. Unlike the normal
// approximation it stays within [0, 1] and is sound for rates near 0 or 1.
func Wilson(k, n int) (lo, hi float64) {
	if n <= 0 {
		return 0, 0
	}
	const z = 1.959963984540054
	p := float64(k) / float64(n)
	nf := float64(n)
	den := 1 + z*z/nf
	mid := p + z*z/(2*nf)
	half := z * math.Sqrt(p*(1-p)/nf+z*z/(4*nf*nf))
	lo, hi = (mid-half)/den, (mid+half)/den
	return max(lo, 0), min(hi, 1)
}
