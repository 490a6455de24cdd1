package compiler

// Classifying a JSON file by its top-level keys, in one pass and without decoding it whole
// (split from units.go, which sorts files into scenarios).

import (
	"bytes"
	"encoding/json"
	"unicode/utf8"
)

// classifyJSON judges a JSON file by the keys of its top-level object.
func classifyJSON(head []byte) dataClass {
	if json.Valid(head) {
		return classifyValidJSON(head)
	}
	return classifyJSONTokens(head)
}

// classifyJSONTokens is classifyJSON by encoding/json's tokens, for a head that is not valid
// JSON (cut at sniffLimit, or broken): what can be read of it counts.
func classifyJSONTokens(head []byte) dataClass {
	dec := json.NewDecoder(bytes.NewReader(head))
	tok, err := dec.Token()
	if err != nil {
		return dataClass{}
	}
	if d, ok := tok.(json.Delim); ok && d == '[' {
		return dataClass{role: scriptRole(head)}
	}
	if d, ok := tok.(json.Delim); !ok || d != '{' {
		return dataClass{}
	}
	var c dataClass
	keys := map[string]bool{}
	campaign := false // "command": "campaign", a save's (a campaign's run)
	for dec.More() {
		kt, err := dec.Token()
		if err != nil {
			break
		}
		key, _ := kt.(string)
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			break
		}
		keys[key] = true
		var s string
		if json.Unmarshal(v, &s) != nil {
			continue
		}
		switch {
		case key == "kind":
			c.kind = s
		case key == "format" && s == "sortie-plan":
			c.role = "plan"
		case key == "format" && s == "sortie-save":
			c.role = "save"
		case key == "command" && s == "campaign":
			campaign = true
		}
	}
	c.role = saveRole(c.role, campaign)
	if c.kind == "" && c.role == "" && keys["version"] && keys["findings"] {
		c.role = "baseline"
	}
	return c
}

// classifyValidJSON is classifyJSON for a head that is valid JSON (all of a file), the common
// case: the top level's keys are read in one pass that skips their values, a few times faster
// than decoding them.
func classifyValidJSON(data []byte) dataClass {
	i := skipJSONSpace(data, 0)
	if i >= len(data) {
		return dataClass{}
	}
	switch data[i] {
	case '[':
		return dataClass{role: scriptRole(data)}
	case '{':
	default:
		return dataClass{}
	}
	var c dataClass
	keys := map[string]bool{}
	campaign := false // "command": "campaign", a save's (a campaign's run)
	i = skipJSONSpace(data, i+1)
	for i < len(data) && data[i] == '"' {
		end := skipJSONString(data, i)
		key := jsonString(data[i:end])
		i = skipJSONSpace(data, end)
		i = skipJSONSpace(data, i+1) // the colon
		start := i
		i = skipJSONValue(data, i)
		keys[key] = true
		if data[start] == '"' {
			s := jsonString(data[start:i])
			switch {
			case key == "kind":
				c.kind = s
			case key == "format" && s == "sortie-plan":
				c.role = "plan"
			case key == "format" && s == "sortie-save":
				c.role = "save"
			case key == "command" && s == "campaign":
				campaign = true
			}
		}
		i = skipJSONSpace(data, i)
		if i < len(data) && data[i] == ',' {
			i = skipJSONSpace(data, i+1)
		}
	}
	c.role = saveRole(c.role, campaign)
	if c.kind == "" && c.role == "" && keys["version"] && keys["findings"] {
		c.role = "baseline"
	}
	return c
}

func skipJSONSpace(data []byte, i int) int {
	for i < len(data) && (data[i] == ' ' || data[i] == '\t' || data[i] == '\n' || data[i] == '\r') {
		i++
	}
	return i
}

// skipJSONString returns the end of the string that starts at data[i] (valid JSON).
func skipJSONString(data []byte, i int) int {
	for i++; i < len(data); i++ {
		switch data[i] {
		case '\\':
			i++
		case '"':
			return i + 1
		}
	}
	return i
}

// skipJSONValue returns the end of the value that starts at data[i] (valid JSON).
func skipJSONValue(data []byte, i int) int {
	depth := 0
	for i < len(data) {
		switch c := data[i]; c {
		case '"':
			i = skipJSONString(data, i)
			if depth == 0 {
				return i
			}
			continue
		case '{', '[':
			depth++
		case '}', ']':
			depth--
			if depth == 0 {
				return i + 1
			}
			if depth < 0 {
				return i
			}
		case ',', ' ', '\t', '\n', '\r':
			if depth == 0 {
				return i
			}
		}
		i++
	}
	return i
}

// jsonString decodes a JSON string literal (valid JSON): fast without escapes and bytes that are
// not UTF-8 (which encoding/json replaces with U+FFFD).
func jsonString(lit []byte) string {
	if bytes.IndexByte(lit, '\\') < 0 && utf8.Valid(lit) {
		return string(lit[1 : len(lit)-1])
	}
	var s string
	json.Unmarshal(lit, &s)
	return s
}

// saveRole is the role of a save by the command that wrote it (its "command"): "campaign save"
// for sortie campaign run --save's, "save" for sortie run --save's (a scenario's); a role other
// than "save" is kept.
func saveRole(role string, campaign bool) string {
	if role == "save" && campaign {
		return "campaign save"
	}
	return role
}

// IsPlanJSON reports whether data reads as a plan (sortie compile's: "format": "sortie-plan"),
// broken or cut short included: what of its top level can be read counts, as the classifier
// reads a file named among scenarios (L015).
func IsPlanJSON(data []byte) bool { return classifyJSON(data).role == "plan" }
