package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// FuzzDecodeSave: no input makes decodeSave panic; whatever it accepts encodes back to a save it
// accepts again with the same content.
func FuzzDecodeSave(f *testing.F) {
	dir := f.TempDir()
	save := filepath.Join(dir, "s.json")
	field01, _ := filepath.Abs(filepath.Join("..", "..", "scenarios", "karzoral", "field01"))
	runMain("run", field01, "--script", filepath.Join(field01, "win.yaml"), "--save", save, "--halt-after", "2")
	good, err := os.ReadFile(save)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(good)
	f.Add(good[:len(good)/3])
	f.Add([]byte(`{"format":"sortie-save","version":1}`))
	f.Add([]byte(`{"format":"sortie-save","version":1,"dice":"AAAA","sum":""}`))
	f.Add([]byte("null"))
	f.Fuzz(func(t *testing.T, data []byte) {
		sv, err := decodeSave(data)
		if err != nil {
			return
		}
		again, err := encodeSave(sv)
		if err != nil {
			t.Fatal(err)
		}
		sv2, err := decodeSave(again)
		if err != nil {
			t.Fatalf("re-encoded save refused: %v", err)
		}
		third, _ := encodeSave(sv2)
		if !bytes.Equal(again, third) {
			t.Fatal("encoding is not stable")
		}
	})
}

// BenchmarkResumeCampaign measures `sortie resume` of a campaign saved at its 20th checkpoint
// (the replay of four sorties, then the rest), in-process, output discarded.
func BenchmarkResumeCampaign(b *testing.B) {
	dir := b.TempDir()
	save := filepath.Join(dir, "s.json")
	root, _ := filepath.Abs(filepath.Join("..", ".."))
	camp := filepath.Join(root, "scenarios", "karzoral", "campaign.cue")
	play := filepath.Join(root, "scenarios", "karzoral", "campaign-play.yaml")
	runMain("campaign", "run", camp, "--script", play, "--save", save, "--halt-after", "20")
	data, err := os.ReadFile(save)
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for b.Loop() {
		b.StopTimer()
		os.WriteFile(save, data, 0o644)
		b.StartTimer()
		if code, _, errs := runMain("resume", save); code != 0 {
			b.Fatalf("exit %d: %s", code, errs)
		}
	}
}

// BenchmarkCampaignRun is the straight run for comparison (compiling the campaign included).
func BenchmarkCampaignRun(b *testing.B) {
	root, _ := filepath.Abs(filepath.Join("..", ".."))
	camp := filepath.Join(root, "scenarios", "karzoral", "campaign.cue")
	play := filepath.Join(root, "scenarios", "karzoral", "campaign-play.yaml")
	for b.Loop() {
		if code, _, errs := runMain("campaign", "run", camp, "--script", play); code != 0 {
			b.Fatalf("exit %d: %s", code, errs)
		}
	}
}
