package compiler

import (
	"fmt"
	"strings"

	"github.com/sortie-rpg/sortie/compiler/diag"
)

// suggest and didYouMean are diag.Suggest and diag.DidYouMean, the one did-you-mean rule of sortie.
func suggest(s string, candidates []string) string { return diag.Suggest(s, candidates) }

func didYouMean(s string, candidates []string) string { return diag.DidYouMean(s, candidates) }

// quoteList renders `"a", "b", "c"`.
func quoteList(items []string) string {
	q := make([]string, len(items))
	for i, s := range items {
		q[i] = fmt.Sprintf("%q", s)
	}
	return strings.Join(q, ", ")
}
