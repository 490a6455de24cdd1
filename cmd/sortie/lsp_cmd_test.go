package main

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
)

func lspWire(body string) string { return fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(body), body) }

// sortie lsp in-process: exit codes as LSP asks (0 after shutdown and exit, 1 without shutdown
// or when the input ends), 2 for arguments and a budget sortie vet would refuse.
func TestLSPCommand(t *testing.T) {
	initialize := lspWire(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}`)
	for _, c := range []struct {
		name  string
		args  []string
		in    string
		code  int
		inOut string
	}{
		{"shutdown and exit", []string{"lsp"}, initialize + lspWire(`{"jsonrpc":"2.0","id":2,"method":"shutdown"}`) + lspWire(`{"jsonrpc":"2.0","method":"exit"}`), 0, `"id":2,"result":null`},
		{"exit without shutdown", []string{"lsp"}, initialize + lspWire(`{"jsonrpc":"2.0","method":"exit"}`), 1, `"capabilities"`},
		{"the input ends", []string{"lsp"}, initialize, 1, `"name":"sortie"`},
		{"an argument", []string{"lsp", "x.cue"}, "", 2, ""},
		{"a budget", []string{"lsp", "--max-cpu", "5s", "--max-memory", "256MiB"}, initialize + lspWire(`{"jsonrpc":"2.0","id":2,"method":"shutdown"}`) + lspWire(`{"jsonrpc":"2.0","method":"exit"}`), 0, `"id":2,"result":null`},
		{"a budget too small", []string{"lsp", "--max-memory", "1KiB"}, initialize, 2, ""},
		{"a budget unreadable", []string{"lsp", "--max-cpu", "-1s"}, initialize, 2, ""},
	} {
		var out, errb bytes.Buffer
		code := Main(c.args, strings.NewReader(c.in), &out, &errb)
		if code != c.code || !strings.Contains(out.String(), c.inOut) {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want exit %d and %q", c.name, code, out.String(), errb.String(), c.code, c.inOut)
		}
	}
}
