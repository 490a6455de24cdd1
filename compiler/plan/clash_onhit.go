package plan

// OnHit is what an attack's hit does besides its damage (U-76 [5E-CORE], the SRD's words as the
// battle rules read them): the target makes a saving throw and, on a failure, takes Damage and
// gets Effect. The quasit's claws [SRD 5.1]: "the target must succeed on a DC 10 Constitution
// saving throw or take 5 (2d4) poison damage and become poisoned for 1 minute. The target can
// repeat the saving throw at the end of each of its turns, ending the effect on itself on a
// success" is {Save: "con", DC: 10, Damage: 2d4 poison, Effect: {poisoned, Rounds 1, Repeat}}.
type OnHit struct {
	Save   string       `json:"save"`             // the ability of the save, one of AbilityNames
	DC     int          `json:"dc"`               // its DC
	Damage []Damage     `json:"damage,omitempty"` // on a failed save; none: the effect only
	Effect *SpellEffect `json:"effect,omitempty"` // on a failed save; nil: the damage only
}
