package campaign

import (
	"fmt"
	"sort"
	"strconv"

	"github.com/sortie-rpg/sortie/compiler/plan"
	"github.com/sortie-rpg/sortie/runner/karzoral"
)

// Rules holds the campaign rules' numbers and the switchable Defaults of RULES.md's ambiguities.
// The zero value is not valid: start from DefaultRules.
type Rules struct {
	// ResurrectionCost in gamels (K-14).
	ResurrectionCost int
	// Debt says who owes a resurrection's shortfall and how it is repaid (K-14 ambiguity):
	// DebtPerPC (Default) or DebtParty.
	Debt DebtPolicy
}

// DebtPolicy is the K-14 Default switch.
type DebtPolicy uint8

const (
	// DebtPerPC: the revived PC owes the shortfall; no cap; the PC's share of every later reward
	// repays its own debt first (K-14 Default).
	DebtPerPC DebtPolicy = iota
	// DebtParty: the shortfall is the party's debt, repaid from the whole of every later reward
	// before anything reaches the purse.
	DebtParty
)

// DefaultRules are the rules as RULES.md states them, with every Default.
var DefaultRules = Rules{ResurrectionCost: 10000, Debt: DebtPerPC}

// RulesOf returns the rules a campaign file asks for: DefaultRules with its options applied.
func RulesOf(c *plan.Campaign) Rules {
	r := DefaultRules
	if c.Debt == "party" {
		r.Debt = DebtParty
	}
	if c.ResurrectionCost > 0 || c.Debt != "" {
		r.ResurrectionCost = c.ResurrectionCost
	}
	return r
}

// PC is a PC's state across the campaign (K-1: the angel is a PC).
type PC struct {
	ID    string `json:"id"`
	Name  string `json:"name"`
	Angel bool   `json:"angel,omitempty"`
	Level int    `json:"level"`
	XP    int    `json:"xp"`             // XP earned and not spent (K-60, K-66 Default: spendable)
	Dead  bool   `json:"dead,omitempty"` // K-100, until resurrected (K-14)
	Debt  int    `json:"debt,omitempty"` // gamels owed for resurrections (K-14 DebtPerPC)
	// Growth counts the ability growths (K-64) the campaign rolled for the PC, by ability in the
	// face order of karzoral.AbilityName: dexterity, agility, strength, vitality, intelligence,
	// spirit (each +1 to that ability score).
	Growth [6]int `json:"growth"`
}

// Shown is the name a transcript gives the PC: its display name (Name, "Aldo"), else its id
// ("aldo"), so that the XP, growth, ledger and table lines name it as the scenario's lines do.
func (pc *PC) Shown() string {
	if pc.Name != "" {
		return pc.Name
	}
	return pc.ID
}

// shownName is the display name of the PC whose id is id among pcs (PC.Shown), else id.
func shownName(pcs []PC, id string) string {
	for i := range pcs {
		if pcs[i].ID == id {
			return pcs[i].Shown()
		}
	}
	return id
}

// Entry is one line of the money ledger. Amount is what goes into (+) or out of (-) the purse,
// DebtChange what the PC's (or, DebtParty, the party's) debt changes by; Purse is the purse after.
type Entry struct {
	Scenario   string `json:"scenario"`      // the scenario being prepared or settled; "" for the opening balance
	Kind       string `json:"kind"`          // opening | reward | repay | purchase | treatment | resurrection | borrow | loot
	PC         string `json:"pc,omitempty"`  // the PC's id
	Who        string `json:"who,omitempty"` // the PC's display name (PC.Shown), for the ledger's line
	Item       string `json:"item,omitempty"`
	Gross      int    `json:"gross,omitempty"` // reward: the whole reward, before debts were repaid
	Amount     int    `json:"amount"`
	DebtChange int    `json:"debtChange,omitempty"`
	Purse      int    `json:"purse"`
	Rule       string `json:"rule"`
	// Where a purchase was made mid-scenario (K-12): "day 3 at 01"; "" at sortie preparation.
	Where string `json:"where,omitempty"`
}

// Row is one sortie in the summary table.
type Row struct {
	Scenario string   `json:"scenario"`
	Attempt  int      `json:"attempt"`
	Outcome  string   `json:"outcome"`
	Days     int      `json:"days"`
	XP       int      `json:"xp"`    // XP each PC gained (the first PC's, they are all equal today)
	Money    int      `json:"money"` // the purse after settling
	Bases    []string `json:"bases"` // bases secured after settling
}

// State is the campaign between sorties.
type State struct {
	c *plan.Campaign

	Purse     int      `json:"purse"`     // gamels
	PartyDebt int      `json:"partyDebt"` // DebtParty only
	PCs       []PC     `json:"pcs"`
	Cleared   []bool   `json:"cleared"`   // by scenario index
	Unlocked  []bool   `json:"unlocked"`  // selectable (K-9, K-10)
	Midpoint  []bool   `json:"midpoint"`  // midpoint retained (K-67)
	Attempts  []int    `json:"attempts"`  // sorties played per scenario
	Benefits  []bool   `json:"benefits"`  // offered (K-11)
	Bases     []bool   `json:"bases"`     // secured (K-10)
	NamedDead []string `json:"namedDead"` // sorted (K-67)
	Unlocks   []string `json:"unlockOrder"`
	Ledger    []Entry  `json:"ledger"`
	Rows      []Row    `json:"rows"`

	// resume[i] is the state at scenario i's retained midpoint (K-67): what a retry resumes from.
	resume []*karzoral.Midpoint
	// lastBases is the last row's Bases (rowBases).
	lastBases []string
	// menu is the campaign decisions' fixed choices (menuFor), kept by resetState.
	menu *menu
}

// NewState is the state at the start of campaign c.
func NewState(c *plan.Campaign) *State { return resetState(nil, c) }

// resetState is the state at the start of campaign c made in s's arrays (NewState when s is
// nil): s, a State of an earlier run of c that nobody reads any more, is overwritten, its
// ledger, rows and lists cleared and refilled from the start, so that a simulation's worker
// allocates them once (issue 29). s must not be in use: every slice of it is reused.
func resetState(s *State, c *plan.Campaign) *State {
	if s == nil {
		s = &State{}
	}
	ns, nb := len(c.Scenarios), len(c.Benefits)
	*s = State{
		menu:     s.menu,
		c:        c,
		Purse:    c.Money,
		Cleared:  resized(s.Cleared, ns),
		Unlocked: resized(s.Unlocked, ns),
		Midpoint: resized(s.Midpoint, ns),
		Attempts: resized(s.Attempts, ns),
		Benefits: resized(s.Benefits, nb),
		Bases:    resized(s.Bases, len(c.Bases)),
		resume:   resized(s.resume, ns),
		PCs:      s.PCs[:0],
		Ledger:   s.Ledger[:0],
		Rows:     s.Rows[:0], // Run makes it nil again if no sortie is played
		// NamedDead and Unlocks start nil, as a fresh State's (null in JSON until one is added).
	}
	for _, pc := range c.Party {
		s.PCs = append(s.PCs, PC{ID: pc.ID, Name: pc.Name, Angel: pc.Angel, Level: pc.Level, XP: pc.XP})
	}
	if len(s.PCs) == 0 {
		s.PCs = nil
	}
	for i, b := range c.Benefits {
		s.Benefits[i] = b.Open
	}
	s.Ledger = append(s.Ledger, Entry{Kind: "opening", Amount: c.Money, Purse: c.Money, Rule: "K-12"})
	return s
}

// resized is buf with n zero elements, in buf's array when it is large enough; never nil (a
// fresh State's lists are empty, not null, in JSON).
func resized[T any](buf []T, n int) []T {
	if buf == nil || cap(buf) < n {
		return make([]T, n)
	}
	buf = buf[:n]
	clear(buf)
	return buf
}

func (s *State) pc(id string) int {
	for i := range s.PCs {
		if s.PCs[i].ID == id {
			return i
		}
	}
	return -1
}

func (s *State) add(e Entry) {
	s.Purse += e.Amount
	e.Purse = s.Purse
	s.Ledger = append(s.Ledger, e)
}

// reward settles a clear's reward (K-16 [DATA]) under the K-14 debt Default: the reward is shared
// equally by the PCs (K-1: the angel too), the remainder of the division going to the purse; with
// DebtPerPC each share first repays its PC's debt; with DebtParty the whole reward first repays
// the party's debt.
func (s *State) reward(scen string, amount int, rules Rules) {
	if amount <= 0 {
		return
	}
	if rules.Debt == DebtParty {
		pay := min(amount, s.PartyDebt)
		if pay > 0 {
			s.PartyDebt -= pay
			s.add(Entry{Scenario: scen, Kind: "repay", Amount: 0, DebtChange: -pay, Rule: "K-14"})
		}
		s.add(Entry{Scenario: scen, Kind: "reward", Gross: amount, Amount: amount - pay, Rule: "K-16"})
		return
	}
	n := len(s.PCs)
	share := amount / n
	toPurse := amount - share*n
	for i := range s.PCs {
		pc := &s.PCs[i]
		pay := min(share, pc.Debt)
		if pay > 0 {
			pc.Debt -= pay
			s.add(Entry{Scenario: scen, Kind: "repay", PC: pc.ID, Who: pc.Shown(), Amount: 0, DebtChange: -pay, Rule: "K-14"})
		}
		toPurse += share - pay
	}
	s.add(Entry{Scenario: scen, Kind: "reward", Gross: amount, Amount: toPurse, Rule: "K-16"})
}

// resurrect revives PC i (K-14): the purse pays what it can, the shortfall is borrowed (no cap).
func (s *State) resurrect(scen string, i int, rules Rules) {
	pc := &s.PCs[i]
	paid := min(s.Purse, rules.ResurrectionCost)
	short := rules.ResurrectionCost - paid
	s.add(Entry{Scenario: scen, Kind: "resurrection", PC: pc.ID, Who: pc.Shown(), Amount: -paid, Rule: "K-14"})
	if short > 0 {
		if rules.Debt == DebtParty {
			s.PartyDebt += short
		} else {
			pc.Debt += short
		}
		s.add(Entry{Scenario: scen, Kind: "borrow", PC: pc.ID, Who: pc.Shown(), DebtChange: short, Rule: "K-14"})
	}
	pc.Dead = false
}

// midScenario books what a sortie spent at bases mid-scenario in the order it happened (a day's
// resurrections before its shopping, as at the base): each purchase (K-12, paid from the purse)
// and each resurrection (K-14: the purse's part, then the shortfall borrowed against future
// rewards, owed by the PC or the party per Rules.Debt). A resurrected PC is alive again.
func (s *State) midScenario(scen string, rep *Report, rules Rules) {
	buys, raises := rep.Purchases, rep.Resurrections
	for len(buys) > 0 || len(raises) > 0 {
		if len(raises) > 0 && (len(buys) == 0 || raises[0].Day <= buys[0].Day) {
			r := raises[0]
			raises = raises[1:]
			where := fmt.Sprintf("day %d at %s", r.Day, r.Block)
			id := r.PC
			k := -1
			for j := range s.PCs {
				if s.PCs[j].Name == r.PC {
					k, id = j, s.PCs[j].ID
				}
			}
			s.add(Entry{Scenario: scen, Kind: "resurrection", PC: id, Amount: -r.Paid, Rule: "K-14", Where: where})
			if r.Borrowed > 0 {
				if rules.Debt == DebtParty || k < 0 {
					s.PartyDebt += r.Borrowed
				} else {
					s.PCs[k].Debt += r.Borrowed
				}
				s.add(Entry{Scenario: scen, Kind: "borrow", PC: id, DebtChange: r.Borrowed, Rule: "K-14", Where: where})
			}
			continue
		}
		b := buys[0]
		buys = buys[1:]
		s.add(Entry{Scenario: scen, Kind: "purchase", Item: b.Item, Amount: -b.Price, Rule: "K-12", Where: fmt.Sprintf("day %d at %s", b.Day, b.Block)})
	}
}

func (s *State) addNamed(names []string) {
	for _, n := range names {
		i := sort.SearchStrings(s.NamedDead, n)
		if i < len(s.NamedDead) && s.NamedDead[i] == n {
			continue
		}
		s.NamedDead = append(s.NamedDead, "")
		copy(s.NamedDead[i+1:], s.NamedDead[i:])
		s.NamedDead[i] = n
	}
}

// rowBases is basesSecured for a summary row: the same slice as the row before while no base
// was secured in between (bases are only ever secured, K-10), so that a row allocates no list
// of its own. Rows share it: it is never written after it is made.
func (s *State) rowBases() []string {
	n := 0
	for i, ok := range s.Bases {
		if ok {
			if n >= len(s.lastBases) || s.lastBases[n] != s.c.Bases[i].ID {
				s.lastBases = s.basesSecured()
				return s.lastBases
			}
			n++
		}
	}
	if s.lastBases == nil || n != len(s.lastBases) {
		s.lastBases = s.basesSecured()
	}
	return s.lastBases
}

func (s *State) basesSecured() []string {
	out := []string{}
	for i, ok := range s.Bases {
		if ok {
			out = append(out, s.c.Bases[i].ID)
		}
	}
	return out
}

// Selectable lists the indices of the scenarios that can be selected now: unlocked and not
// cleared (K-9, K-10), in campaign order.
func (s *State) Selectable() []int { return s.appendSelectable(nil) }

// appendSelectable appends Selectable's indices to dst (a buffer reused by every selection).
func (s *State) appendSelectable(dst []int) []int {
	for i := range s.c.Scenarios {
		if s.Unlocked[i] && !s.Cleared[i] && i != s.c.Prologue {
			dst = append(dst, i)
		}
	}
	return dst
}

func itoa(n int) string { return strconv.Itoa(n) }
