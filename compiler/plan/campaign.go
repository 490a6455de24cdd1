package plan

// Campaign is a compiled campaign file (K-7..K-16): the contract between compiler.CompileCampaign
// and package runner/campaign. Ids are the campaign file's keys; lists keep source order.
type Campaign struct {
	SourceHash string `json:"sourceHash"` // "sha256:<hex>" over the campaign file and its scenarios' hashes
	File       string `json:"file"`       // the campaign file as diagnostics name it

	ID       string       `json:"id"`
	Title    string       `json:"title"`
	Money    int          `json:"money"`    // gamels in the purse at the start (K-12, K-14)
	Prologue int          `json:"prologue"` // index into Scenarios: scenario 0, played first (K-8)
	Start    []int        `json:"start"`    // selectable with no clear (K-9)
	Final    int          `json:"final"`    // clearing it ends the campaign; -1: none (K-7)
	Party    []CampaignPC `json:"party"`    // the PCs, the angel included (K-1)
	Bases    []Base       `json:"bases"`
	Benefits []Benefit    `json:"benefits"`
	Shop     []Item       `json:"shop"`

	Scenarios []CampaignScenario `json:"scenarios"`

	// K-14 switches (options: in the campaign file): Debt "pc" (Default) or "party";
	// ResurrectionCost in gamels (10000).
	Debt             string `json:"debt"`
	ResurrectionCost int    `json:"resurrectionCost"`
}

// CampaignPC is a PC at the start of the campaign (K-1). Level and XP are SW2 character values.
type CampaignPC struct {
	ID    string `json:"id"`
	Name  string `json:"name"`
	Angel bool   `json:"angel,omitempty"` // the magitech angel: a PC, never resurrected (K-102)
	Level int    `json:"level"`
	XP    int    `json:"xp"`
}

// Base is a base a clear can secure (K-10); treatment there is free (K-13).
type Base struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

// Benefit is a mercenary benefit (K-11). Open ones are offered from the start; the others once a
// scenario that unlocks them is cleared.
type Benefit struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	By   string `json:"by"`
	Open bool   `json:"open,omitempty"`
}

// Item is an item on sale at sortie preparation (K-12); Price in gamels.
type Item struct {
	ID    string `json:"id"`
	Name  string `json:"name"`
	Price int    `json:"price"`
	// What one purchase adds to the party's stock when bought at a base mid-scenario (K-12):
	// rations, torches, flasks of lantern oil. An item with none is bought only while preparing.
	Rations int `json:"rations,omitempty"`
	Torches int `json:"torches,omitempty"`
	Oil     int `json:"oil,omitempty"`
}

// CampaignScenario is one scenario of a campaign with its compiled plan.
type CampaignScenario struct {
	ID        string `json:"id"`
	Path      string `json:"path"`      // as written in the campaign file (relative to it)
	Reward    int    `json:"reward"`    // gamels on a clear, shared by the PCs (K-14 default)
	FailureXP int    `json:"failureXP"` // XP each PC gets on a failure (K-66)
	Base      int    `json:"base"`      // index into Bases secured on a clear; -1: none (K-10)
	Unlocks   []int  `json:"unlocks"`   // scenarios unlocked on a clear (K-10)
	Benefits  []int  `json:"benefits"`  // benefits unlocked on a clear (K-11)
	Plan      *Plan  `json:"-"`
}
