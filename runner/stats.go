package runner

import (
	"math"
	"slices"
)

// Dist is a distribution of integer values (days, strengths, XP): how many times each value
// came. Counting by value keeps it exact and mergeable in any order; sums are integers, so the
// mean does not depend on the order either. Values in a window of at most distWindow next to
// each other are counted in an array, the rest in a map. The zero Dist is empty and ready.
type Dist struct {
	N      int   // values added
	Sum    int64 // their sum
	lo     int   // the value dense[0] counts
	dense  []int
	counts map[int]int // values outside the window -> times
}

// distWindow is the widest range of values a Dist counts in an array.
const distWindow = 4096

// Add adds one value.
func (d *Dist) Add(v int) { d.addN(v, 1) }

func (d *Dist) addN(v, n int) {
	d.N += n
	d.Sum += int64(v) * int64(n)
	if i := v - d.lo; i >= 0 && i < len(d.dense) {
		d.dense[i] += n
		return
	}
	switch {
	case d.dense == nil && d.counts == nil:
		d.lo, d.dense = v, make([]int, 1, 16)
		d.dense[0] = n
		return
	case d.dense != nil && v > d.lo && v-d.lo < distWindow:
		d.dense = append(d.dense, make([]int, v-d.lo+1-len(d.dense))...)
		d.dense[v-d.lo] += n
		return
	case d.dense != nil && v < d.lo && d.lo+len(d.dense)-v <= distWindow:
		grown := make([]int, d.lo+len(d.dense)-v, max(cap(d.dense), d.lo+len(d.dense)-v))
		copy(grown[d.lo-v:], d.dense)
		d.lo, d.dense = v, grown
		d.dense[0] += n
		return
	}
	if d.counts == nil {
		d.counts = map[int]int{}
	}
	d.counts[v] += n
}

// Merge adds every value of e.
func (d *Dist) Merge(e *Dist) {
	if e.N == 0 {
		return
	}
	n, sum := d.N, d.Sum
	for i, c := range e.dense {
		if c > 0 {
			d.addN(e.lo+i, c)
		}
	}
	for v, c := range e.counts {
		d.addN(v, c)
	}
	d.N, d.Sum = n+e.N, sum+e.Sum
}

// Values returns the distinct values, ascending, with how often each came.
func (d *Dist) Values() (values, counts []int) {
	for v, c := range d.counts {
		if c > 0 {
			values = append(values, v)
		}
	}
	for i, c := range d.dense {
		if c > 0 {
			values = append(values, d.lo+i)
		}
	}
	slices.Sort(values)
	values = slices.Compact(values) // a value counted in the map before the window reached it
	for _, v := range values {
		c := d.counts[v]
		if i := v - d.lo; d.dense != nil && i >= 0 && i < len(d.dense) {
			c += d.dense[i]
		}
		counts = append(counts, c)
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
