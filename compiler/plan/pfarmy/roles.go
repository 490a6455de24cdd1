package pfarmy

import (
	"fmt"
	"strconv"
	"strings"
)

// Role is a kingdom leadership role (Ultimate Campaign, "Kingdom Leader Commanders"): a leader
// who commands an army in person knows one of the role's boons without its Leadership, and adds
// the higher of floor(ranks/5) and floor(level/6), at least 1, to morale checks and to the boons
// known. The zero value is not a leader.
type Role uint8

// The leadership roles.
const (
	RoleNone Role = iota
	RoleRuler
	RoleConsort
	RoleCouncilor
	RoleGeneral
	RoleGrandDiplomat
	RoleHeir
	RoleHighPriest
	RoleMagister
	RoleMarshal
	RoleRoyalEnforcer
	RoleSpymaster
	RoleTreasurer
	RoleViceroy
	RoleWarden
	numRoles
)

// roleInfo holds each role's name and the boons it may know automatically.
var roleInfo = [numRoles]struct {
	name  string
	boons []Boon
}{
	RoleNone:          {"", nil},
	RoleRuler:         {"Ruler", []Boon{BoonBloodiedButUnbroken, BoonLoyalty}},
	RoleConsort:       {"Consort", []Boon{BoonLoyalty}},
	RoleCouncilor:     {"Councilor", []Boon{BoonLoyalty}},
	RoleGeneral:       {"General", []Boon{BoonBonusTactic, BoonFlexibleTactics, BoonMerciless, BoonSharpshooter}},
	RoleGrandDiplomat: {"Grand Diplomat", []Boon{BoonDefensiveTactics, BoonMerciless}},
	RoleHeir:          {"Heir", []Boon{BoonLoyalty}},
	RoleHighPriest:    {"High Priest", []Boon{BoonHoldTheLine, BoonLiveOffTheLand, BoonTriage}},
	RoleMagister:      {"Magister", []Boon{BoonFlexibleTactics, BoonLoyalty}},
	RoleMarshal:       {"Marshal", []Boon{BoonLiveOffTheLand, BoonHitAndRun, BoonSharpshooter, BoonTriage}},
	RoleRoyalEnforcer: {"Royal Enforcer", []Boon{BoonBonusTactic, BoonMerciless, BoonSharpshooter}},
	RoleSpymaster:     {"Spymaster", []Boon{BoonHitAndRun, BoonMerciless, BoonSharpshooter}},
	RoleTreasurer:     {"Treasurer", []Boon{BoonLoyalty}},
	RoleViceroy:       {"Viceroy", []Boon{BoonLoyalty}},
	RoleWarden:        {"Warden", []Boon{BoonDefensiveTactics, BoonHoldTheLine, BoonLoyalty}},
}

// Valid reports whether r is a role (RoleNone is not).
func (r Role) Valid() bool { return r > RoleNone && r < numRoles }

// String returns the role's name ("Grand Diplomat"), "" for RoleNone.
func (r Role) String() string {
	if r < numRoles {
		return roleInfo[r].name
	}
	return "role(" + strconv.Itoa(int(r)) + ")"
}

// RoleBoons lists the boons role r knows automatically; the commander picks one when there are
// several.
func RoleBoons(r Role) []Boon {
	if !r.Valid() {
		return nil
	}
	return roleInfo[r].boons
}

// RoleNames lists the roles' names.
func RoleNames() []string {
	var out []string
	for r := RoleRuler; r < numRoles; r++ {
		out = append(out, roleInfo[r].name)
	}
	return out
}

// ParseRole reads a role's name, in any case, with or without spaces ("grand diplomat",
// "GrandDiplomat"); "" is RoleNone.
func ParseRole(s string) (Role, error) {
	if strings.TrimSpace(s) == "" {
		return RoleNone, nil
	}
	n := Norm(s)
	for r := RoleRuler; r < numRoles; r++ {
		if n == Norm(roleInfo[r].name) {
			return r, nil
		}
	}
	return 0, fmt.Errorf("unknown leadership role %q (%s)", s, strings.Join(RoleNames(), ", "))
}
