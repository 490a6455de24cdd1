package karzoral

import (
	"fmt"
	"slices"

	"github.com/sortie-rpg/sortie/compiler/plan"
	"github.com/sortie-rpg/sortie/runner"
)

// Purchase is one item bought at a base mid-scenario (K-12): what, where, when and for how much.
type Purchase struct {
	Item  string `json:"item"`
	Day   int    `json:"day"`
	Block string `json:"block"`
	Price int    `json:"price"`
}

// stockItems implements K-12's price list at a base mid-scenario: the campaign's items (camp, nil
// when played alone) with the scenario's (scen) replacing those of the same ID and the scenario's
// others after them, in order, keeping only the items that add rations, torches or oil (nothing
// else a run models). It appends to dst[:0], so a Runner reuses its list run after run; the result
// is empty when nothing is on sale.
func stockItems(dst, camp, scen []plan.Item) []plan.Item {
	dst = dst[:0]
	stock := func(it *plan.Item) bool { return it.Rations > 0 || it.Torches > 0 || it.Oil > 0 }
	for i := range camp {
		it := &camp[i]
		if k := slices.IndexFunc(scen, func(o plan.Item) bool { return o.ID == it.ID }); k >= 0 {
			it = &scen[k]
		}
		if stock(it) {
			dst = append(dst, *it)
		}
	}
	for i := range scen {
		it := &scen[i]
		if stock(it) && !slices.ContainsFunc(camp, func(o plan.Item) bool { return o.ID == it.ID }) {
			dst = append(dst, *it)
		}
	}
	return dst
}

// shopAtBase implements K-12's shopping at a base mid-scenario as a decision: the players buy one
// item at a time from the price list (stockItems: the scenario's and the campaign's) while the purse
// (Carry.Purse in a campaign, plan.Party.Money alone, less what this run spent) pays its price, until they choose "done" (the seed: 「買い物（シナリオ中に拠点に戻った時に
// も行える）」; never on credit). Each purchase adds the item's rations, torches and oil and is
// written as a BaseEvent; Result.Purchases hands them to the campaign's ledger. The request is
// KindPrepare, cause "shop", Optional: the policy Default buys the first affordable item that
// brings a stock still below what the party set out with back toward it, else "done".
func (s *state) shopAtBase() error {
	pa := &s.p.Party
	block := s.p.Field.Blocks[s.party].ID
	title := s.r.shopTitleAt(s.party)
	// The notes (the purse, each item's name and price) only for a decider that reads them
	// (runner.NoteReader): a random campaign shops at a base in many of its ~190 sorties
	// (issue 29). The names are what a script types, so they are always made.
	notes := s.ch.ReadsNotes()
	for {
		if !slices.ContainsFunc(s.shop, func(it plan.Item) bool { return it.Price <= s.purse }) {
			return nil // nothing the purse can pay for (checked first: no choice list is built)
		}
		cs := append(s.shopChoices[:0], runner.Choice{Name: "done", Value: -1})
		if notes {
			cs[0].Note = fmt.Sprintf("%d gamels in the purse", s.purse)
		}
		def := 0
		for k, it := range s.shop {
			if it.Price > s.purse {
				continue
			}
			cs = append(cs, runner.Choice{Name: s.buyName(k), Value: k})
			if notes {
				cs[len(cs)-1].Note = fmt.Sprintf("%s, %d gamels", it.Name, it.Price)
			}
			if def == 0 && ((it.Rations > 0 && s.rations < pa.Rations) || (it.Torches > 0 && s.k.torches < pa.Torches) || (it.Oil > 0 && s.k.oil < pa.LanternOil)) {
				def = len(cs) - 1
			}
		}
		s.shopChoices = cs
		if len(cs) == 1 {
			return nil // nothing the purse can pay for
		}
		req := &s.req
		*req = runner.Request{Kind: runner.KindPrepare, Day: s.day, Phase: s.phase, Block: block, Choices: cs,
			Cause: "shop", Title: title, Optional: true, Default: def}
		c, err := s.decide(req)
		if err != nil {
			return err
		}
		if c < 0 {
			c = def
		}
		k := cs[c].Value
		if k < 0 {
			return nil
		}
		it := &s.shop[k]
		s.purse -= it.Price
		s.rations += it.Rations
		s.k.torches += it.Torches
		s.k.oil += it.Oil
		s.bought = append(s.bought, Purchase{Item: it.ID, Day: s.day, Block: block, Price: it.Price})
		if s.on {
			r := &BaseEvent{Note: s.note("K-12"), Block: block, Rations: it.Rations, Torches: it.Torches, Oil: it.Oil,
				Text: fmt.Sprintf("at base %s the party buys %s for %d gamels (purse %d; now %d rations, %d torches, %d flasks of oil)",
					block, it.Name, it.Price, s.purse, s.rations, s.k.torches, s.k.oil)}
			if err := s.send(r); err != nil {
				return err
			}
		}
	}
}

// shopTitleAt is the title of the shopping decision at block b ("shopping at base 01"), made
// once per block and plan.
func (r *Runner) shopTitleAt(b int) string {
	if r.shopTitle == nil {
		r.shopTitle = make([]string, len(r.p.Field.Blocks))
	}
	if r.shopTitle[b] == "" {
		r.shopTitle[b] = "shopping at base " + r.p.Field.Blocks[b].ID
	}
	return r.shopTitle[b]
}

// buyName is the choice name of shop item k ("buy torch"), what a script types: made once per
// item and kept in s.buyNames[k] while the price list (s.shop, stockItems, made again every
// run) has the same item there.
func (s *state) buyName(k int) string {
	for len(s.buyNames) < len(s.shop) {
		s.buyNames = append(s.buyNames, "")
	}
	id := s.shop[k].ID
	if n := s.buyNames[k]; len(n) != len("buy ")+len(id) || n[len("buy "):] != id {
		s.buyNames[k] = "buy " + id
	}
	return s.buyNames[k]
}
