package runner

import "unsafe"

// keyCache is a direct-mapped cache in front of runObserver's index (a map keyed by three
// strings, whose hashing was a quarter of a simulated campaign's time, issue 29). The ids an
// engine observes are its plan's strings, the same string headers run after run, so a slot is
// chosen from the strings' addresses and lengths, without reading them; a hit is confirmed by
// comparing the key itself (equal addresses make that cheap), so a string freed and its memory
// reused by another cannot be taken for it. The cache changes no result, only how fast the same
// index is found.
type keyCache [keyCacheSize]keySlot

const keyCacheSize = 1 << 10

type keySlot struct {
	k  Key
	i  int32
	ok bool
}

// slot returns k's slot: its strings' addresses and lengths mixed.
func (c *keyCache) slot(k Key) *keySlot {
	h := uint64(uintptr(unsafe.Pointer(unsafe.StringData(k.ID))))
	h = h*31 + uint64(uintptr(unsafe.Pointer(unsafe.StringData(k.Kind))))
	h = h*31 + uint64(uintptr(unsafe.Pointer(unsafe.StringData(k.Scope))))
	h = h*31 + uint64(len(k.ID))
	h ^= h >> 29
	h *= 0x9e3779b97f4a7c15
	return &c[h>>(64-10)]
}
