package pathfinder

import pfarmy "github.com/sortie-rpg/sortie/compiler/plan/pfarmy"

// noteTeleports is a HexMoveEvent's note for a teleporting army's day of travel.
const noteTeleports = "teleportation: any hex the same day"

// teleports reports whether army a travels by teleportation (Special Abilities, Teleportation).
func (a *hexArmy) teleports() bool { return a.st.Abil.Has(pfarmy.AbTeleportation) }

// teleport is army i's day of travel with Teleportation (Special Abilities): "An army with
// teleportation can travel to any hex on the same day (its speed is irrelevant and not hampered by
// difficult terrain)." Its route's last hex is where it is going, so it arrives there today,
// passing no hex between (a teleport crosses none: the armies there are not met), whatever its
// speed, the terrain or the progress it had made; a hostile army there starts a battle (P-14).
// march calls it for an army that may move and has route left.
func (r *hexRun) teleport(i int) error {
	a := &r.armies[i]
	from, to := a.hex, a.pa.Route[len(a.pa.Route)-1]
	a.hex, a.next, a.busy, a.carry = to, len(a.pa.Route), true, 0
	if r.on {
		if err := r.send(&HexMoveEvent{Day: r.day, Army: a.pa.ID, From: r.hexID(from), To: r.hexID(to), Note: noteTeleports}); err != nil {
			return err
		}
	}
	if r.hostilesIn(to, a.pa.Side) {
		return r.battle(to, i)
	}
	return nil
}
