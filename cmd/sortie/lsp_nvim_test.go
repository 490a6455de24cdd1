//go:build linux || darwin

package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// nvimScript attaches `sortie lsp` to the file in a headless Neovim (0.7 API: start_client and
// buf_attach_client), waits for diagnostics and writes each as "CODE LINE MESSAGE".
const nvimScript = `
local bin, file, out = os.getenv("SORTIE_BIN"), os.getenv("SORTIE_FILE"), os.getenv("SORTIE_OUT")
vim.cmd("edit " .. vim.fn.fnameescape(file))
local buf = vim.api.nvim_get_current_buf()
local id = vim.lsp.start_client({name = "sortie", cmd = {bin, "lsp"}, root_dir = vim.fn.fnamemodify(file, ":h")})
vim.lsp.buf_attach_client(buf, id)
local ok = vim.wait(30000, function() return #vim.diagnostic.get(buf) > 0 end, 50)
local lines = {}
for _, d in ipairs(vim.diagnostic.get(buf)) do
  local code = d.code
  if code == nil and d.user_data and d.user_data.lsp then code = d.user_data.lsp.code end
  local msg = string.gsub(d.message, "\n", " ")
  table.insert(lines, string.format("%s %d %s", tostring(code), d.lnum + 1, msg))
end
if not ok then table.insert(lines, "TIMEOUT") end
vim.fn.writefile(lines, out)
vim.lsp.stop_client(id)
vim.cmd("qa!")
`

// A real client: headless Neovim opens field01 with a mistake, attaches sortie lsp, and reads
// the diagnostic back with its code and line.
func TestNeovimClient(t *testing.T) {
	nvim, err := exec.LookPath("nvim")
	if err != nil {
		t.Skip("nvim is not installed (apt-get install -y neovim): the real-client test is skipped")
	}
	dir := t.TempDir()
	bin := sortieBinary(t)
	src, err := os.ReadFile("../../scenarios/karzoral/field01/field01.cue")
	if err != nil {
		t.Fatal(err)
	}
	// The mercenaries' route steps from 03 ([4, 3]) to 06 ([5, 2]): not adjacent, A001 on the
	// route's line, line 67 of field01.cue.
	bad := strings.Replace(string(src), `"03", "05", "09"]`, `"03", "06", "09"]`, 1)
	if bad == string(src) {
		t.Fatal("field01 changed: the mistake does not apply")
	}
	if got := strings.Count(bad[:strings.Index(bad, `"06", "09"]`)], "\n") + 1; got != 67 {
		t.Fatalf("the mistake is on line %d, the test expects 67", got)
	}
	scen := filepath.Join(dir, "field01")
	if err := os.Mkdir(scen, 0o755); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(scen, "field01.cue")
	script := filepath.Join(dir, "attach.lua")
	out := filepath.Join(dir, "diagnostics.txt")
	for name, data := range map[string]string{file: bad, script: nvimScript} {
		if err := os.WriteFile(name, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, nvim, "--headless", "--clean", "-c", "luafile "+script)
	cmd.Env = append(os.Environ(), "SORTIE_BIN="+bin, "SORTIE_FILE="+file, "SORTIE_OUT="+out, "HOME="+dir, "XDG_STATE_HOME="+dir, "XDG_DATA_HOME="+dir)
	cmd.Dir = dir
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("nvim: %v\n%s", err, msg)
	}
	got, err := os.ReadFile(out)
	if err != nil {
		t.Fatalf("nvim wrote no diagnostics: %v", err)
	}
	lines := strings.Split(strings.TrimSpace(string(got)), "\n")
	t.Logf("Neovim read:\n%s", got)
	if len(lines) != 2 || !strings.HasPrefix(lines[0], `A001 67 armies.mercenaries.route[4]: "06" is not next to "03"`) ||
		!strings.HasPrefix(lines[1], `A001 67 armies.mercenaries.route[5]: "09" is not next to "06"`) {
		t.Errorf("Neovim's diagnostics:\n%s", got)
	}
}
