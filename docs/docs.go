// Package docs holds the documentation shipped with sortie, embedded so that the binary can show
// it: Rules is docs/rules.md, the rules reference (see compiler's TestRulesDoc).
package docs

import (
	_ "embed"
	"regexp"
	"strings"
	"sync"
)

//go:embed rules.md
var Rules string

var reRuleItem = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`(?m)^- \*\*([KPU]-\d+) ([^*]+)\*\*`) })

// Rule is one rule of the reference: its ID, its title and its text (the item's lines, as
// written, its continuation lines included).
type Rule struct {
	ID, Title, Text string
}

// Rules finds the rules whose title or text names name (case-insensitive), in the order of the
// reference; a rule whose title is name (an item such as "P-28 Defensive Wall") comes alone.
func FindRules(name string) []Rule {
	var out []Rule
	want := strings.ToLower(strings.TrimSpace(name))
	idx := reRuleItem().FindAllStringSubmatchIndex(Rules, -1)
	for i, m := range idx {
		end := len(Rules)
		if i+1 < len(idx) {
			end = idx[i+1][0]
		}
		// The item ends at the next item or at the first line that is neither the item's nor an
		// indented continuation of it.
		text := Rules[m[0]:end]
		lines := strings.Split(text, "\n")
		n := 1
		for n < len(lines) && strings.HasPrefix(lines[n], "  ") {
			n++
		}
		r := Rule{ID: Rules[m[2]:m[3]], Title: strings.TrimRight(strings.TrimSpace(Rules[m[4]:m[5]]), "."), Text: strings.Join(lines[:n], "\n")}
		if strings.ToLower(r.Title) == want {
			return []Rule{r}
		}
		if strings.Contains(strings.ToLower(r.Text), want) {
			out = append(out, r)
		}
	}
	return out
}
