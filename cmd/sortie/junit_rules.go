package main

import (
	"regexp"
	"sync"

	"github.com/sortie-rpg/sortie/compiler"
	"github.com/sortie-rpg/sortie/compiler/safeio"
)

// reTopRules finds a top-level rules field in CUE (rules: "clash"), YAML (rules: clash) or JSON
// ("rules": "clash") at the start of a line.
var reTopRules = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?m)^"?rules"?[ \t]*:[ \t]*["']?([A-Za-z0-9_-]+)`)
})

// junitPasses lists the checks of one vetted unit's JUnit suite (issue 20, M): those of the rule
// system its files name (compiler.PassNamesOf; none named: the fallback system's, as vet reads
// such a file), in their order. A file that cannot be read counts as naming none.
func junitPasses(files []string) []string {
	for _, f := range files {
		data, err := safeio.ReadFile(f, compiler.MaxFileSize)
		if err != nil {
			continue
		}
		if m := reTopRules().FindSubmatch(data); m != nil {
			return compiler.PassNamesOf(string(m[1]))
		}
	}
	return compiler.PassNamesOf("")
}
