package compiler

import (
	"fmt"
	"strings"

	"github.com/sortie-rpg/sortie/compiler/diag"
)

// CheckDoc is what the core knows of a rule system's check (compiler/karzoral's, compiler/
// clash's): a name, a doc and the codes it may report. The check itself, and what it runs on, is
// the rule system's.
type CheckDoc struct {
	Name  string   // an identifier, unique among the system's checks
	Doc   string   // first line: a short lowercase title; then what it checks and the rule IDs
	Codes []string // the codes it may report; each is registered in the diag catalogue
}

// validateChecks verifies the registry: unique identifier names, a doc whose first line is a
// lowercase title and codes in the catalogue.
func validateChecks(cs []CheckDoc) error {
	names := map[string]bool{}
	for _, c := range cs {
		if !isIdent(c.Name) || names[c.Name] {
			return fmt.Errorf("compiler: check name %q is empty, not an identifier or a duplicate", c.Name)
		}
		names[c.Name] = true
		title, _, _ := strings.Cut(c.Doc, "\n")
		if title == "" || strings.ToLower(title[:1]) != title[:1] {
			return fmt.Errorf("compiler: check %s: doc must start with a lowercase title", c.Name)
		}
		if len(c.Codes) == 0 {
			return fmt.Errorf("compiler: check %s declares no codes", c.Name)
		}
		for _, code := range c.Codes {
			if _, ok := diag.Lookup(code); !ok {
				return fmt.Errorf("compiler: check %s: code %s is not in the catalogue", c.Name, code)
			}
		}
	}
	return nil
}

func isIdent(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		if !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || i > 0 && r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}
