package compiler

import (
	"fmt"
	"strings"

	"cuelang.org/go/cue"
)

// orDash is s's value, or "-" when it has none (for hover text).
func orDash(s Str) string {
	if s.OK {
		return s.V
	}
	return "-"
}

// campaignSymbols indexes a campaign file: scenarios, bases, benefits, shop items and PCs.
func campaignSymbols(ld loaded, nm *namer) *Symbols {
	b := newSymBuilder("#Campaign", nm, ld.sources)
	b.declarations(append(ld.cue[:len(ld.cue):len(ld.cue)], ld.data...))
	b.references(ld.user, nil, 0)
	for _, f := range fieldsOf(ld.user.LookupPath(cue.ParsePath("scenarios"))) {
		info := []string{"campaign scenario at " + strOf(f.v.LookupPath(cue.ParsePath("path")), "?")}
		if r, err := f.v.LookupPath(cue.ParsePath("reward")).Int64(); err == nil {
			info = append(info, fmt.Sprintf("reward %d gamels", r))
		}
		if base := strOf(f.v.LookupPath(cue.ParsePath("base")), ""); base != "" {
			info = append(info, "a clear secures base "+base+" (K-10)")
		}
		var un []string
		for _, e := range listElems(f.v.LookupPath(cue.ParsePath("unlocks"))) {
			un = append(un, strOf(e, "?"))
		}
		if len(un) > 0 {
			info = append(info, "a clear unlocks "+strings.Join(un, ", ")+" (K-10)")
		}
		b.symbol(KindScenario, f.id).Info = info
	}
	for _, sec := range []struct {
		path string
		kind SymbolKind
		what string
	}{{"bases", KindBase, "base"}, {"benefits", KindBenefit, "mercenary benefit (K-11)"}, {"shop", KindItem, "shop item (K-12)"}, {"party", KindPC, "PC (K-1)"}} {
		for _, f := range fieldsOf(ld.user.LookupPath(cue.ParsePath(sec.path))) {
			info := []string{sec.what}
			if n := strOf(f.v.LookupPath(cue.ParsePath("name")), ""); n != "" {
				info[0] += ": " + n
			}
			b.symbol(sec.kind, f.id).Info = info
		}
	}
	return b.done()
}
