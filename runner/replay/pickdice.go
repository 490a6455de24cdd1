package replay

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// campDice follows a Karzoral run's camp rolls (K-37) for the page's lines: a pick event keeps
// its roll's two dice in JSON Lines ("dice", as the campRoll event before it has them); a pick
// recorded before it did (an older sortie's JSON Lines) gets them from that campRoll, so that
// its line says "rolled 2 and 4, kept 4", never "rolled 0 and 0".
type campDice struct {
	last []byte // the last campRoll's "dice", as recorded; nil: none yet
}

// line is the event's JSON as its line is to be decoded from: raw itself, or a pick without
// "dice" with the last camp roll's added. It follows raw when it is a campRoll.
func (c *campDice) line(typ string, raw []byte) []byte {
	var v struct {
		Dice json.RawMessage `json:"dice"`
	}
	switch typ {
	case "campRoll":
		if json.Unmarshal(raw, &v) == nil && len(v.Dice) > 0 {
			c.last = v.Dice
		}
	case "pick":
		if c.last == nil || json.Unmarshal(raw, &v) != nil || len(v.Dice) > 0 {
			return raw
		}
		end := bytes.LastIndexByte(raw, '}')
		if end < 0 {
			return raw
		}
		return fmt.Appendf(bytes.Clone(raw[:end]), `,"dice":%s}`, c.last)
	}
	return raw
}
