package campaign

import (
	"fmt"
	"strings"
	"testing"

	"github.com/sortie-rpg/sortie/runner/karzoral"
)

// K-14, K-12: what a sortie spent at bases mid-scenario reaches the ledger in the order it
// happened, a day's resurrections before its shopping (as at the base). The seed: 「費用として
// 10,000ガメルが必要ですが、所持金が不足している場合、以降の報酬から前借りすることができます」. By hand:
// purse 3000; day 1 torches -200 -> 2800; day 2 Bo resurrected: the run's purse paid 2800 -> 0,
// 7200 borrowed (DebtPerPC: Bo owes 7200; DebtParty: the party does).
func TestMidScenarioLedgerK14(t *testing.T) {
	for _, debt := range []DebtPolicy{DebtPerPC, DebtParty} {
		s := &State{Purse: 3000, PCs: []PC{{ID: "al", Name: "Al"}, {ID: "bo", Name: "Bo"}}}
		rep := &Report{
			Purchases:     []karzoral.Purchase{{Item: "torches", Day: 1, Block: "01", Price: 200}},
			Resurrections: []karzoral.Resurrection{{PC: "Bo", Day: 2, Block: "01", Paid: 2800, Borrowed: 7200}},
		}
		s.midScenario("field02", rep, Rules{ResurrectionCost: 10000, Debt: debt})
		var got []string
		for _, e := range s.Ledger {
			got = append(got, fmt.Sprintf("%s %s%s %d %+d %d %s", e.Kind, e.PC, e.Item, e.Amount, e.DebtChange, e.Purse, e.Where))
		}
		want := "purchase torches -200 +0 2800 day 1 at 01 | resurrection bo -2800 +0 0 day 2 at 01 | borrow bo 0 +7200 0 day 2 at 01"
		if g := strings.Join(got, " | "); g != want {
			t.Errorf("K-14 %v ledger\n got %s\nwant %s", debt, g, want)
		}
		bo, party := s.PCs[1].Debt, s.PartyDebt
		if (debt == DebtPerPC && (bo != 7200 || party != 0)) || (debt == DebtParty && (bo != 0 || party != 7200)) {
			t.Errorf("K-14 %v: Bo owes %d, the party %d", debt, bo, party)
		}
	}
}
