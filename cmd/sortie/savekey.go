package main

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"

	"github.com/sortie-rpg/sortie/compiler/safeio"
)

// Signed saves (issue 28, B10). A save's sum is an unkeyed SHA-256: anyone can write a save that
// decodes, and a save names files (the scenario, plan or campaign played, and the script) that
// resume opens, hashes and plays. So a save carries a second sum, Key: an HMAC-SHA256 under a key
// of the user's own, made on the first --save as 32 random bytes (hex) in
// os.UserConfigDir()/sortie/save.key (XDG_CONFIG_HOME/sortie/save.key, else ~/.config/sortie on
// Linux), mode 0600, created and never replaced. A save whose Key is this user's resumes whatever
// folders it names, as it was made by this user's own run. Any other save (no Key, a key that is
// not this user's, no key file, a key file others may write) is a stranger's file: what it names
// must resolve inside the save's own folder tree, else resume refuses it with L018, naming the
// field and never its value, before anything is opened or hashed.

const (
	saveKeyBytes = 32
	saveKeyMAC   = "hmac-sha256:"
)

// userKey caches this user's key once read or made.
var userKey struct {
	mu  sync.Mutex
	key []byte
}

// saveKeyPath is the key file's path: os.UserConfigDir()/sortie/save.key.
func saveKeyPath() (string, error) {
	dir, err := os.UserConfigDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, "sortie", "save.key"), nil
}

// saveKey returns this user's key (32 bytes). With create, a missing key is made first (its
// folder 0700, the file 0600, written through safeio with Create so that two sorties making one
// at once keep the first). Errors: no config folder, a key file that is not a regular file of
// this user's that no one else may write, or not 64 hex digits.
func saveKey(create bool) ([]byte, error) {
	userKey.mu.Lock()
	defer userKey.mu.Unlock()
	if userKey.key != nil {
		return userKey.key, nil
	}
	path, err := saveKeyPath()
	if err != nil {
		return nil, err
	}
	key, err := readSaveKey(path)
	if errors.Is(err, fs.ErrNotExist) && create {
		if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
			return nil, err
		}
		raw := make([]byte, saveKeyBytes)
		if _, err := rand.Read(raw); err != nil {
			return nil, err
		}
		werr := safeio.WriteFile(path, []byte(hex.EncodeToString(raw)+"\n"), safeio.Options{Create: true, Perm: 0o600, RealDir: true})
		if werr != nil && !errors.Is(werr, safeio.ErrExists) {
			return nil, werr
		}
		key, err = readSaveKey(path)
	}
	if err != nil {
		return nil, err
	}
	userKey.key = key
	return key, nil
}

// readSaveKey reads and checks the key file at path.
func readSaveKey(path string) ([]byte, error) {
	st, err := os.Lstat(path)
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("%s is not a regular file", path)
	}
	// A key others may write is no one's key (Windows has no such bits to check).
	if runtime.GOOS != "windows" && (st.Mode().Perm()&0o022 != 0 || !ownedByUser(st)) {
		return nil, fmt.Errorf("%s may be written by other users: not used", path)
	}
	data, err := safeio.ReadFile(path, 256)
	if err != nil {
		return nil, err
	}
	key, err := hex.DecodeString(strings.TrimSpace(string(data)))
	if err != nil || len(key) != saveKeyBytes {
		return nil, fmt.Errorf("%s is not a sortie save key (want %d hex digits)", path, 2*saveKeyBytes)
	}
	return key, nil
}

// saveMAC is the save's HMAC-SHA256 under key over its JSON with Sum and Key empty.
func saveMAC(sv *saveFile, key []byte) (string, error) {
	c := *sv
	c.Sum, c.Key = "", ""
	body, err := json.Marshal(&c)
	if err != nil {
		return "", err
	}
	m := hmac.New(sha256.New, key)
	m.Write(body)
	return saveKeyMAC + hex.EncodeToString(m.Sum(nil)), nil
}

// signedByUser reports whether sv carries this user's Key (never making a key: a user with none
// signed nothing).
func signedByUser(sv *saveFile) bool {
	if sv.Key == "" {
		return false
	}
	key, err := saveKey(false)
	if err != nil {
		return false
	}
	want, err := saveMAC(sv, key)
	return err == nil && hmac.Equal([]byte(want), []byte(sv.Key))
}

// confineSave resolves a stranger's save's path and script (see above) inside the save's folder
// tree, symbolic links followed, and sets them to where they lead. Outside, or not there, is an
// error naming the field, never the value: the value is the stranger's, and its place or its
// hash would tell what lies outside.
func confineSave(file string, sv *saveFile) error {
	root, err := safeio.NewRoot(filepath.Dir(file))
	if err != nil {
		return err
	}
	for _, f := range []struct {
		field string
		name  *string
	}{{"path", &sv.Path}, {"script", &sv.Script}} {
		if *f.name == "" {
			continue
		}
		real, err := root.Resolve(*f.name)
		if err != nil {
			msg := "names no file inside the save's folder"
			code := safeio.CodeOf(err)
			if code == safeio.CodeOutside {
				msg = "names a file outside the save's folder"
			}
			return &safeio.Error{Path: "the save's " + f.field, Code: code,
				Msg: msg + ", and the save is not signed by this user's key (sortie help resume): refused"}
		}
		*f.name = real
	}
	return nil
}
