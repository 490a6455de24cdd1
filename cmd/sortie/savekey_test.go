package main

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Issue 28, B10: a save's sum is unkeyed, so anyone can forge a save that names files outside and
// have resume open them and print a script's SHA-256. A save signed with the user's key resumes
// as before; any other is a stranger's file, confined to its own folder tree (savekey.go).

// resignSum recomputes a save's unkeyed sum after an edit, keeping its Key as it was (a forger
// who edits a signed save can do that much, not more).
func resignSum(t *testing.T, sv *saveFile) []byte {
	t.Helper()
	sv.Sum = ""
	body, err := json.Marshal(sv)
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(body)
	sv.Sum = "sha256:" + hex.EncodeToString(sum[:])
	out, err := json.MarshalIndent(sv, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	return append(out, '\n')
}

// TestBoundaryResumeOutside: saves that are not signed by this user (none, another key, a signed
// save edited afterwards) and name a file outside their folder are refused with L018 naming the
// field; neither the file's values, its hash nor its name are shown. The same save kept beside
// its scenario resumes.
func TestBoundaryResumeOutside(t *testing.T) {
	tmp := t.TempDir()
	work := filepath.Join(tmp, "work")
	os.Mkdir(work, 0o755)
	data, err := os.ReadFile(filepath.Join("..", "..", "testdata", "hostile", "ok", "mini.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(work, "mini.yaml"), data, 0o644)
	os.WriteFile(filepath.Join(work, "short.yaml"), []byte("- {day: 1, move: east}\n"), 0o644)
	secretFile := filepath.Join(tmp, "secret-outside.json")
	secret := []byte(`{"kind": "` + secretToken + `", "format": "` + secretToken + `"}` + "\n")
	os.WriteFile(secretFile, secret, 0o600)
	sum := sha256.Sum256(secret)
	secretHash := hex.EncodeToString(sum[:])
	t.Chdir(work)
	run(t, "", "run", "mini.yaml", "--script", "short.yaml", "--save", "s.json")
	raw, err := os.ReadFile("s.json")
	if err != nil {
		t.Fatal(err)
	}
	signed, err := decodeSave(raw)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(signed.Key, saveKeyMAC) || !signedByUser(signed) {
		t.Fatalf("run --save wrote no save signed by this user: key %q", signed.Key)
	}
	foreign := make([]byte, saveKeyBytes)
	foreign[0] = 1
	for _, c := range []struct {
		name   string
		encode func(sv *saveFile) []byte
		edit   func(sv *saveFile)
	}{
		{"unsigned script", unsigned(t), func(sv *saveFile) { sv.Script = secretFile }},
		{"unsigned path", unsigned(t), func(sv *saveFile) { sv.Path = secretFile }},
		{"unsigned path relative", unsigned(t), func(sv *saveFile) { sv.Path = "../secret-outside.json" }},
		{"another key", signedWith(t, foreign), func(sv *saveFile) { sv.Path = secretFile }},
		{"signed, edited", func(sv *saveFile) []byte { return resignSum(t, sv) }, func(sv *saveFile) { sv.Script = secretFile }},
	} {
		sv, err := decodeSave(raw)
		if err != nil {
			t.Fatal(err)
		}
		c.edit(sv)
		os.WriteFile("forged.json", c.encode(sv), 0o644)
		code, out, errs := run(t, "", "resume", "forged.json")
		text := out + errs
		if code != 2 || !strings.Contains(text, "L018") || !strings.Contains(text, "the save's ") {
			t.Errorf("%s: exit %d, want 2 and L018 naming the field:\n%s", c.name, code, text)
		}
		for _, leak := range []string{secretToken, secretHash, "secret-outside"} {
			if strings.Contains(text, leak) {
				t.Errorf("%s: %q in the output:\n%s", c.name, leak, text)
			}
		}
	}

	// A stranger's save that names only files in its own folder resumes as the signed one does.
	code0, out0, errs0 := run(t, "", "resume", "s.json", "--save", "again.json")
	sv, _ := decodeSave(raw)
	os.WriteFile("stranger.json", unsigned(t)(sv), 0o644)
	code1, out1, errs1 := run(t, "", "resume", "stranger.json", "--save", "again.json")
	t.Logf("signed: exit %d; stranger: exit %d\n%s", code0, code1, errs1)
	if code0 != code1 || out0 != out1 || code1 == 2 {
		t.Errorf("a stranger's save inside its folder: exit %d, want %d as the signed one:\n%s%s\nsigned:\n%s%s", code1, code0, out1, errs1, out0, errs0)
	}
}

func unsigned(t *testing.T) func(sv *saveFile) []byte {
	return signedWith(t, nil)
}

func signedWith(t *testing.T, key []byte) func(sv *saveFile) []byte {
	return func(sv *saveFile) []byte {
		data, err := encodeSaveWith(sv, key)
		if err != nil {
			t.Fatal(err)
		}
		return data
	}
}

// TestResumeSignedElsewhere: a save signed by this user resumes its scenario from another folder
// (the save in one temporary folder, the scenario and script in another, resumed from a third),
// and the key is the user's own, made by this first save: 0600 in XDG_CONFIG_HOME/sortie/save.key.
func TestResumeSignedElsewhere(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(tmp, "config"))
	forgetKey := func() {
		userKey.mu.Lock()
		userKey.key = nil
		userKey.mu.Unlock()
	}
	forgetKey()
	t.Cleanup(forgetKey)
	scen, saves, cwd := filepath.Join(tmp, "scen"), filepath.Join(tmp, "saves"), filepath.Join(tmp, "cwd")
	for _, d := range []string{scen, saves, cwd} {
		os.Mkdir(d, 0o755)
	}
	data, err := os.ReadFile(filepath.Join("..", "..", "testdata", "hostile", "ok", "mini.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(scen, "mini.yaml"), data, 0o644)
	os.WriteFile(filepath.Join(scen, "short.yaml"), []byte("- {day: 1, move: east}\n"), 0o644)
	save := filepath.Join(saves, "s.json")
	run(t, "", "run", filepath.Join(scen, "mini.yaml"), "--script", filepath.Join(scen, "short.yaml"), "--save", save)
	if raw, err := os.ReadFile(save); err != nil || !strings.Contains(string(raw), `"key": "`+saveKeyMAC) {
		t.Errorf("the first save is not signed (%v):\n%s", err, raw)
	}
	t.Chdir(cwd)
	code, out, errs := run(t, "", "resume", save)
	if code == 2 || strings.Contains(errs, "L018") {
		t.Errorf("a signed save resumed from elsewhere: exit %d:\n%s%s", code, out, errs)
	}
	key := filepath.Join(os.Getenv("XDG_CONFIG_HOME"), "sortie", "save.key")
	st, err := os.Stat(key)
	if err != nil {
		t.Fatal(err)
	}
	if st.Mode().Perm() != 0o600 {
		t.Errorf("%s: mode %v, want 0600", key, st.Mode().Perm())
	}
}
