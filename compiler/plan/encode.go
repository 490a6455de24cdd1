package plan

import (
	"bytes"
	"encoding/json"

	"github.com/sortie-rpg/sortie/compiler/esc"
)

// Writing plans: indented JSON, deterministic, hidden characters escaped.

// Encode writes p as indented JSON with a trailing newline. The output depends only on p.
func Encode(p *Plan) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(p); err != nil {
		return nil, err
	}
	return esc.JSON(buf.Bytes()), nil // hidden characters of names as \uXXXX (esc.Hidden)
}

// EncodeClash writes c as indented JSON with a trailing newline; the output depends only on c.
func EncodeClash(c *Clash) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(c); err != nil {
		return nil, err
	}
	return esc.JSON(buf.Bytes()), nil // hidden characters of names as \uXXXX (esc.Hidden)
}
