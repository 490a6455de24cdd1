package compiler

import (
	"syscall"
	"time"
)

// statSig returns name's identity on disk (cache_stat.go), without following a final symbolic
// link (a unit's files are regular files: a link is refused when the unit is read). ok is false
// when name cannot be stat'ed or changed within racyWindow of now.
func statSig(name string) (fileSig, bool) {
	var st syscall.Stat_t
	if err := syscall.Lstat(name, &st); err != nil || st.Mode&syscall.S_IFMT != syscall.S_IFREG {
		return fileSig{}, false
	}
	sig := fileSig{Size: st.Size, Mtime: st.Mtim.Nano(), Ctime: st.Ctim.Nano(), Ino: st.Ino, Dev: uint64(st.Dev)}
	now := time.Now().UnixNano()
	if now-sig.Mtime < int64(racyWindow) || now-sig.Ctime < int64(racyWindow) {
		return fileSig{}, false
	}
	return sig, true
}
