package campaign

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/sortie-rpg/sortie/compiler/plan"
	"github.com/sortie-rpg/sortie/runner"
	"github.com/sortie-rpg/sortie/runner/dice"
	"github.com/sortie-rpg/sortie/runner/karzoral"
)

// Options configure a campaign run.
type Options struct {
	Seed     uint64         // printed in each scenario's transcript; seeds Dice when Dice is nil
	Dice     *dice.Seeded   // one generator for the whole campaign; nil: dice.NewSeeded(Seed)
	Decider  runner.Decider // every decision, campaign and scenario. Required.
	Fallback runner.Decider // takes over when Decider runs out (ErrScriptEnded); nil: the run stops
	// Sink receives the campaign's events and, in between, those of every sortie: one stream
	// (runner.NewTextSink, runner.NewJSONLSink). Nil means runner.Discard.
	Sink   runner.Sink
	Player Player // nil: RunnerPlayer{}
	Rules  *Rules // nil: the campaign file's options (plan.Campaign Debt, ResurrectionCost)
	// MaxSorties bounds the sorties of one run (a policy may fail and retry forever, K-66);
	// 0 means DefaultMaxSorties.
	MaxSorties int
	// Checkpoint, if set, is called at every day end of a sortie and after every campaign step,
	// once the events so far are written (the CLI saves there).
	Checkpoint func() error
	// Reuse, if set, is the State of an earlier Run of the same campaign whose Result nobody
	// reads any more: this run's State is made in its arrays (ledger, rows, lists) instead of
	// new ones, and the Result's State is Reuse. A simulation's worker passes its last run's.
	Reuse *State
}

// Ending says how a campaign run ended.
const (
	EndFinal   = "final"   // the final scenario was cleared (K-7)
	EndNoMore  = "nomore"  // no scenario is left to select
	EndStopped = "stopped" // a decider error stopped it (script ended, end of input, mismatch)
	EndLimit   = "limit"   // Options.MaxSorties sorties were played
)

// DefaultMaxSorties is the default Options.MaxSorties.
const DefaultMaxSorties = 200

// Result is how the campaign run ended, with the final state.
type Result struct {
	End   string // EndFinal | EndNoMore | EndStopped
	State *State
}

// Run plays campaign c. The Result is returned whenever the campaign started; err is a decider
// error (a *runner.DecisionError, ErrNoInput ...) or a write error.
func Run(c *plan.Campaign, opts Options) (*Result, error) {
	if opts.Decider == nil {
		return nil, errors.New("campaign: Options.Decider is nil")
	}
	g := &game{c: c, opts: opts, s: resetState(opts.Reuse, c)}
	if g.opts.Dice == nil {
		g.opts.Dice = dice.NewSeeded(opts.Seed)
	}
	if g.opts.Player == nil {
		g.opts.Player = RunnerPlayer{}
	}
	g.rules = RulesOf(c)
	if opts.Rules != nil {
		g.rules = *opts.Rules
	}
	g.out = newEmitter(opts.Sink)
	g.menu = g.s.menuFor(c, g.rules)
	g.ch.Reset(opts.Decider, opts.Fallback, g.opts.Dice)
	g.ch.OnFallback(g.out.fallback)
	g.cp = g.checkpoint
	end, err := g.play()
	if len(g.s.Rows) == 0 {
		g.s.Rows = nil // as a fresh State's: no sortie played
	}
	res := &Result{End: end, State: g.s}
	if werr := g.out.summary(g.s, end); err == nil {
		err = werr
	}
	return res, err
}

type game struct {
	c     *plan.Campaign
	opts  Options
	rules Rules
	s     *State
	out   *emitter
	// ch is the campaign's decider chain, also handed to every sortie as its Decider (a Decider
	// and a Roller): once the primary decider runs out (ErrScriptEnded), the fallback takes over
	// for the rest of the campaign.
	ch  runner.Chain
	req runner.Request
	// choices is the buffer of the campaign decisions' choices; menu their fixed names and notes.
	choices []runner.Choice
	menu    *menu
	// retryChoices is the buffer of the retry decision's two choices (K-67).
	retryChoices [2]runner.Choice
	// so, pcs and named are the sortie handed to the Player and its party and named dead
	// (sortie); sel the selectable scenarios; cp is checkpoint, made once as a func value.
	so    Sortie
	pcs   []PC
	named []string
	sel   []int
	cp    func() error
}

// menu holds the campaign decisions' choices that do not change during a run, made once (a run
// asks for them every sortie).
type menu struct {
	benefits  []runner.Choice // by benefit: K-11
	shop      []runner.Choice // by item: "buy ITEM" (K-12)
	shopText  []string
	raise     []runner.Choice // by PC: "resurrect PC" (K-14)
	raiseText []string
	retries   map[[2]int]string // (scenario, attempts) -> the selection's note
	// c and rules are what it was made for: a State reused by the next run (Options.Reuse) keeps
	// its menu while they are the same.
	c     *plan.Campaign
	rules Rules
}

// menuFor is s's menu for campaign c under rules: the one s kept from an earlier run
// (Options.Reuse) when it was made for the same, else a new one (newMenu).
func (s *State) menuFor(c *plan.Campaign, rules Rules) *menu {
	if m := s.menu; m != nil && m.c == c && m.rules == rules {
		return m
	}
	s.menu = newMenu(c, s, rules)
	return s.menu
}

func newMenu(c *plan.Campaign, s *State, rules Rules) *menu {
	m := &menu{retries: map[[2]int]string{}, c: c, rules: rules}
	for b := range c.Benefits {
		bf := &c.Benefits[b]
		m.benefits = append(m.benefits, runner.Choice{Name: bf.ID, Value: b, Note: bf.Name + " (" + bf.By + ")"})
	}
	for k, it := range c.Shop {
		m.shop = append(m.shop, runner.Choice{Name: "buy " + it.ID, Value: k, Note: fmt.Sprintf("%s, %d gamels", it.Name, it.Price)})
		m.shopText = append(m.shopText, fmt.Sprintf("purchase: %s (K-12)", it.Name))
	}
	for k, pc := range s.PCs {
		m.raise = append(m.raise, runner.Choice{Name: "resurrect " + pc.ID, Value: 1000 + k, Note: fmt.Sprintf("%d gamels, shortfall borrowed (K-14)", rules.ResurrectionCost)})
		m.raiseText = append(m.raiseText, fmt.Sprintf("resurrection of %s (K-14)", pc.Name))
	}
	return m
}

// retryNote is the selection's note of scenario i after attempts sorties: "Title (retry N)".
// Built only for a decider that reads notes (runner.ReadsNotes): a random campaign reaches the
// 200-sortie limit with every scenario retried, and was making one Sprintf per selectable
// scenario per sortie for a policy that never reads them (issue 29).
func (m *menu) retryNote(i, attempts int, title string) string {
	k := [2]int{i, attempts}
	if n, ok := m.retries[k]; ok {
		return n
	}
	n := fmt.Sprintf("%s (retry %d)", title, attempts)
	m.retries[k] = n
	return n
}

// Decide asks the campaign's chain and returns the index of the answer.
func (g *game) Decide(r *runner.Request) (runner.Answer, error) { return g.ch.Decide(r) }

func (g *game) checkpoint() error {
	if g.opts.Checkpoint == nil {
		return nil
	}
	return g.opts.Checkpoint()
}

func (g *game) play() (string, error) {
	if err := g.out.start(g.c, g.s, g.opts.Seed); err != nil {
		return EndStopped, err
	}
	limit := g.opts.MaxSorties
	if limit <= 0 {
		limit = DefaultMaxSorties
	}
	// K-8: scenario 0 first, with no selection or preparation, played again until it is cleared
	// (nothing else is open before it).
	played := 0
	for !g.s.Cleared[g.c.Prologue] {
		if played >= limit {
			return EndLimit, nil
		}
		played++
		if err := g.sortie(g.c.Prologue, "", nil); err != nil {
			return EndStopped, err
		}
	}
	// K-9: then the start scenarios are open.
	for _, i := range g.c.Start {
		g.unlock(i)
	}
	if err := g.out.unlocks(g.s, g.c.Start, "K-9"); err != nil {
		return EndStopped, err
	}
	if err := g.checkpoint(); err != nil {
		return EndStopped, err
	}
	for ; ; played++ {
		if g.c.Final >= 0 && g.s.Cleared[g.c.Final] {
			return EndFinal, nil
		}
		if played >= limit {
			return EndLimit, nil
		}
		g.sel = g.s.appendSelectable(g.sel[:0])
		sel := g.sel
		if len(sel) == 0 {
			return EndNoMore, nil
		}
		i, err := g.selectScenario(sel)
		if err != nil {
			return EndStopped, err
		}
		benefit, err := g.prepare(i)
		if err != nil {
			return EndStopped, err
		}
		resume, err := g.retry(i)
		if err != nil {
			return EndStopped, err
		}
		if err := g.sortie(i, benefit, resume); err != nil {
			return EndStopped, err
		}
	}
}

func (g *game) unlock(i int) {
	if !g.s.Unlocked[i] {
		g.s.Unlocked[i] = true
		g.s.Unlocks = append(g.s.Unlocks, g.c.Scenarios[i].ID)
	}
}

// selectScenario asks which unlocked scenario is played next (K-9, K-10).
func (g *game) selectScenario(sel []int) (int, error) {
	ch := g.choices[:0]
	notes := g.ch.ReadsNotes()
	for _, i := range sel {
		sc := &g.c.Scenarios[i]
		note := sc.Plan.Scenario.Title
		if g.s.Attempts[i] > 0 && notes {
			note = g.menu.retryNote(i, g.s.Attempts[i], note)
		}
		ch = append(ch, runner.Choice{Name: sc.ID, Value: i, Note: note})
	}
	g.choices = ch
	g.req = runner.Request{Kind: runner.KindSelect, Choices: ch, Title: "the next sortie"}
	a, err := g.Decide(&g.req)
	if err != nil {
		return 0, err
	}
	i := ch[a.Choice].Value
	if !g.out.on {
		return i, nil
	}
	return i, g.out.write(&SelectEvent{Scenario: g.c.Scenarios[i].ID,
		Text: fmt.Sprintf("the party selects %s: %s (selectable: %s; K-9, K-10)", g.c.Scenarios[i].ID, g.c.Scenarios[i].Plan.Scenario.Title, names(ch))})
}

func names(ch []runner.Choice) string {
	var b strings.Builder
	for i, c := range ch {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(c.Name)
	}
	return b.String()
}

// prepare runs sortie preparation (K-11..K-14): one mercenary benefit or none, then purchases,
// treatment and resurrections until the party sorties. It returns the benefit id ("" for none).
func (g *game) prepare(i int) (string, error) {
	sc := &g.c.Scenarios[i]
	title := sc.ID
	// K-11: at most one benefit per scenario, from the NPCs who offer one now.
	ch := g.choices[:0]
	for b, ok := range g.s.Benefits {
		if ok {
			ch = append(ch, g.menu.benefits[b])
		}
	}
	benefit := ""
	if len(ch) > 0 {
		ch = append(ch, runner.Choice{Name: "none", Value: -1})
		g.req = runner.Request{Kind: runner.KindBenefit, Choices: ch, Title: title}
		a, err := g.Decide(&g.req)
		if err != nil {
			return "", err
		}
		if b := ch[a.Choice].Value; b >= 0 {
			benefit = g.c.Benefits[b].ID
		}
		if g.out.on {
			text := "no mercenary benefit (K-11)"
			if benefit != "" {
				text = fmt.Sprintf("mercenary benefit: %s, %s (K-11)", benefit, ch[a.Choice].Note)
			}
			if err := g.out.write(&BenefitEvent{Benefit: benefit, Text: text}); err != nil {
				return "", err
			}
		}
	}
	for {
		ch = ch[:0]
		ch = append(ch, runner.Choice{Name: "sortie", Value: -1, Note: "set out"})
		ch = append(ch, runner.Choice{Name: "treat", Value: -2, Note: "free treatment (K-13)"})
		for k, it := range g.c.Shop {
			if it.Price <= g.s.Purse { // K-12: shopping is never on credit
				ch = append(ch, g.menu.shop[k])
			}
		}
		for k, pc := range g.s.PCs {
			if pc.Dead && !pc.Angel { // K-102: never the angel
				ch = append(ch, g.menu.raise[k])
			}
		}
		g.choices = ch
		g.req = runner.Request{Kind: runner.KindPrepare, Choices: ch, Title: title}
		a, err := g.Decide(&g.req)
		if err != nil {
			return "", err
		}
		c := ch[a.Choice]
		switch {
		case c.Value == -1:
			return benefit, nil
		case c.Value == -2:
			g.s.add(Entry{Scenario: sc.ID, Kind: "treatment", Rule: "K-13"})
			err = g.out.entry(g.s, "treatment: free at the base (K-13)")
		case c.Value >= 1000:
			k := c.Value - 1000
			g.s.resurrect(sc.ID, k, g.rules)
			err = g.out.entry(g.s, g.menu.raiseText[k])
		default:
			it := &g.c.Shop[c.Value]
			g.s.add(Entry{Scenario: sc.ID, Kind: "purchase", Item: it.ID, Amount: -it.Price, Rule: "K-12"})
			err = g.out.entry(g.s, g.menu.shopText[c.Value])
		}
		if err != nil {
			return "", err
		}
	}
}

// retry asks, for a scenario whose midpoint is retained, whether the retry resumes there (K-67:
// 「そこから再開できます」, an option) or starts over; it returns the midpoint to resume from, or nil.
func (g *game) retry(i int) (*karzoral.Midpoint, error) {
	m := g.s.resume[i]
	if !g.s.Midpoint[i] || m == nil {
		return nil, nil
	}
	sc := &g.c.Scenarios[i]
	day, phase := m.Resumes()
	ch := g.retryChoices[:]
	ch[0] = runner.Choice{Name: "midpoint", Value: 1}
	if g.ch.ReadsNotes() { // the note only for a decider that reads it (issue 29)
		ch[0].Note = fmt.Sprintf("day %d, %s phase, at %s, fresh armies (K-68)", day, phase, m.Block)
	}
	ch[1] = runner.Choice{Name: "start", Value: 0, Note: "from day 1; the midpoint gives no XP again"}
	g.req = runner.Request{Kind: runner.KindRetry, Choices: ch, Title: sc.ID}
	a, err := g.Decide(&g.req)
	if err != nil {
		return nil, err
	}
	resumed := ch[a.Choice].Value != 0
	if !g.out.on { // no event, and no text, for a sink that drops them (runner.Enabled)
		if !resumed {
			return nil, nil
		}
		return m, nil
	}
	text := fmt.Sprintf("the retry of %s starts over from day 1; the midpoint %s stays cleared, no XP again (K-67)", sc.ID, m.Objective)
	if !resumed {
		m = nil
	} else {
		text = fmt.Sprintf("the retry of %s resumes at the midpoint %s: day %d, %s phase, at %s (K-67)", sc.ID, m.Objective, day, phase, m.Block)
	}
	return m, g.out.sink.Write(&RetryEvent{Choice: ch[a.Choice].Name, Scenario: sc.ID, Text: text})
}

// sortie plays scenario i (K-16) through the Player, then settles growth, ledger and unlocks;
// resume is the retained midpoint the retry resumes at (K-67), nil to play from the beginning.
func (g *game) sortie(i int, benefit string, resume *karzoral.Midpoint) error {
	sc := &g.c.Scenarios[i]
	g.s.Attempts[i]++
	// The Sortie and its PCs are made in the game's own (valid only during Play, Player): a
	// sortie copies the party into the same array each time. NamedDead is a copy made again
	// only when the list changed (K-67: it only grows), shared by the sorties in between.
	if !slices.Equal(g.named, g.s.NamedDead) {
		g.named = slices.Clone(g.s.NamedDead)
	}
	g.pcs = append(g.pcs[:0], g.s.PCs...)
	so := &g.so
	*so = Sortie{
		Scenario:  sc,
		Attempt:   g.s.Attempts[i],
		Midpoint:  g.s.Midpoint[i],
		Resume:    resume,
		NamedDead: g.named,
		PCs:       g.pcs,
		Benefit:   benefit,
		Shop:      g.c.Shop,
		Purse:     g.s.Purse,

		ResurrectionCost: g.rules.ResurrectionCost,
	}
	if err := g.out.sortie(so, i == g.c.Prologue); err != nil {
		return err
	}
	so.Run = runner.Options{
		Seed:       g.opts.Seed,
		Decider:    &g.ch,
		Dice:       g.opts.Dice,
		Sink:       g.out.sink,
		Checkpoint: g.cp,
	}
	rep, err := g.opts.Player.Play(so)
	if rep == nil || err != nil {
		return err
	}
	return g.settle(i, rep)
}

// settle applies a sortie's Report: growth (K-60, K-61, K-64, K-66), named monsters (K-67), the dead
// (K-100), the reward and debts (K-14, K-16), base and unlocks (K-10, K-11), and retention on a
// failure (K-67, K-68).
func (g *game) settle(i int, rep *Report) error {
	sc := &g.c.Scenarios[i]
	s := g.s
	for k := range s.PCs {
		// A PC dead when the sortie began stayed at the base: no XP (K-14: revive it first).
		if k < len(rep.XP) && !s.PCs[k].Dead {
			s.PCs[k].XP += rep.XP[k]
		}
	}
	s.addNamed(rep.Named)
	for _, id := range rep.Dead {
		if k := s.pc(id); k >= 0 {
			s.PCs[k].Dead = true
		}
	}
	var unlocked []int
	switch rep.Outcome {
	case runner.Success:
		s.Cleared[i] = true
		s.Midpoint[i], s.resume[i] = false, nil
		s.reward(sc.ID, sc.Reward, g.rules)
		if sc.Base >= 0 {
			s.Bases[sc.Base] = true
		}
		for _, u := range sc.Unlocks {
			if !s.Unlocked[u] {
				unlocked = append(unlocked, u)
			}
			g.unlock(u)
		}
		for _, b := range sc.Benefits {
			s.Benefits[b] = true
		}
	case runner.Failure:
		// K-67: a midpoint reached is retained for the retry; K-68: the armies are lost, a retry
		// places fresh ones (every sortie starts from the plan's setup).
		if rep.Midpoint || (s.Midpoint[i] && rep.Resume != nil) {
			s.Midpoint[i] = true
		}
		if rep.Resume != nil {
			s.resume[i] = rep.Resume // the latest state at the midpoint (K-67)
		}
	}
	s.midScenario(sc.ID, rep, g.rules)
	if rep.Money > 0 {
		s.add(Entry{Scenario: sc.ID, Kind: "loot", Amount: rep.Money, Rule: "K-98"})
	}
	xp := 0
	if len(rep.XP) > 0 {
		xp = rep.XP[0]
	}
	s.Rows = append(s.Rows, Row{Scenario: sc.ID, Attempt: s.Attempts[i], Outcome: rep.Outcome, Days: rep.Day, XP: xp, Money: s.Purse, Bases: s.rowBases()})
	abilities, err := g.abilityGrowths(rep) // K-64
	if err != nil {
		return err
	}
	if err := g.out.growth(g.c, s, i, rep, unlocked, abilities); err != nil {
		return err
	}
	if rep.Outcome == runner.Stopped {
		return errors.New("the sortie stopped")
	}
	return g.checkpoint()
}
