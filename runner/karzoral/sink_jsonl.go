package karzoral

import (
	"io"
	"strconv"
	"unicode/utf8"

	"github.com/sortie-rpg/sortie/runner"
)

// NewJSONLSink returns a Sink that writes one JSON object per record and line (JSON Lines). Every
// object starts with "type" and "day" (and "phase" when there is one); the other fields of each
// type follow in a fixed order, so the output is stable byte for byte:
//
//	{"type":"armyMove","day":1,"phase":"start","army":"mercenaries","from":"01","to":"01"}
//
// dayEnd and end objects carry a snapshot: "party", "rations", "armies" [{id, block, strength}]
// ("block" null when off the field); end also "objectives" [{id, outcome, xp, day}] (reached) and
// "events" [{id, fired}] (fired).
func NewJSONLSink(w io.Writer) Sink { return &jsonlSink{w: w} }

type jsonlSink struct {
	w   io.Writer
	buf []byte
}

type jobj struct{ b []byte }

func (o *jobj) key(k string) {
	if o.b[len(o.b)-1] != '{' {
		o.b = append(o.b, ',')
	}
	o.b = append(o.b, '"')
	o.b = append(o.b, k...)
	o.b = append(o.b, '"', ':')
}

func (o *jobj) str(k, v string) { o.key(k); o.b = appendJSONString(o.b, v) }
func (o *jobj) num(k string, v int) {
	o.key(k)
	o.b = strconv.AppendInt(o.b, int64(v), 10)
}
func (o *jobj) boolean(k string, v bool) { o.key(k); o.b = strconv.AppendBool(o.b, v) }

func (s *jsonlSink) Write(r *Record) error {
	o := jobj{b: append(s.buf[:0], '{')}
	o.str("type", r.Type.String())
	o.num("day", r.Day)
	if r.Phase != runner.PhaseNone {
		o.str("phase", r.Phase.String())
	}
	switch r.Type {
	case TypeRun:
		o.str("scenario", r.ID)
		o.str("title", r.Text)
		o.key("seed")
		o.b = strconv.AppendUint(o.b, r.Seed, 10)
		o.str("party", r.Block)
		o.num("members", r.Count)
		o.num("rations", r.Left)
		o.num("dayLimit", r.Total)
		if r.View != nil {
			o.str("sourceHash", r.View.Plan().SourceHash)
		}
	case TypeDay, TypeEpisodesReset, TypeFallback:
	case TypeFood:
		o.num("eaten", r.Count)
		o.num("need", r.Total)
		o.num("left", r.Left)
	case TypeFoodShortage:
		o.num("member", r.Count)
		o.num("of", r.Total)
	case TypeArmyMove:
		o.str("army", r.Army)
		o.str("from", r.From)
		o.str("to", r.To)
		o.num("step", r.Count)
	case TypeStrengthBattle:
		o.str("block", r.Block)
		o.str("army", r.Army)
		o.str("other", r.Other)
		o.num("armyBefore", r.Before)
		o.num("otherBefore", r.OtherBefore)
		o.num("loss", r.Loss)
		o.num("armyAfter", r.After)
		o.num("otherAfter", r.OtherAfter)
	case TypeArmyRemoved:
		o.str("army", r.Army)
		o.str("block", r.Block)
		o.str("cause", r.Source)
		o.num("strength", r.After)
	case TypeArmySpawned:
		o.str("army", r.Army)
		o.str("block", r.Block)
		o.num("strength", r.After)
		if r.Result != "" {
			o.str("result", r.Result)
		}
	case TypeStrength:
		o.str("army", r.Army)
		o.num("delta", r.Delta)
		o.num("before", r.Before)
		o.num("after", r.After)
		o.str("source", r.Source)
		if r.Result != "" {
			o.str("result", r.Result)
		}
	case TypeEvent:
		o.str("event", r.ID)
		o.str("trigger", r.Source)
		if r.Block != "" {
			o.str("block", r.Block)
		}
	case TypeSay:
		o.str("source", r.Source)
		o.str("id", r.ID)
		o.str("text", r.Text)
	case TypeFlag:
		o.str("flag", r.ID)
		o.str("op", r.Result)
		o.str("source", r.Source)
	case TypePartyMove:
		o.str("dir", r.Dir)
		o.str("from", r.From)
		o.str("to", r.To)
		o.str("terrain", r.Text)
	case TypeStay:
		o.str("block", r.Block)
	case TypeBounce:
		o.str("dir", r.Dir)
		o.str("from", r.From)
		o.str("to", r.To)
		o.str("terrain", r.Text)
	case TypeReveal:
		o.str("box", r.ID)
		o.key("blocks")
		o.b = append(o.b, '[')
		for i, b := range r.Blocks {
			if i > 0 {
				o.b = append(o.b, ',')
			}
			o.b = appendJSONString(o.b, b)
		}
		o.b = append(o.b, ']')
	case TypeBattle:
		o.str("encounter", r.ID)
		o.str("title", r.Text)
		if r.Army != "" {
			o.str("army", r.Army)
		}
		o.str("block", r.Block)
		o.str("cause", r.Source)
		o.str("result", r.Result)
	case TypeObjective:
		o.str("objective", r.ID)
		o.str("outcome", r.Result)
		o.num("xp", r.XP)
		if r.Source != "" {
			o.str("source", r.Source)
		}
		if r.Text != "" {
			o.str("say", r.Text)
		}
	case TypeCampRoll:
		o.key("dice")
		o.b = append(o.b, '[')
		o.b = strconv.AppendInt(o.b, int64(r.Dice[0]), 10)
		o.b = append(o.b, ',')
		o.b = strconv.AppendInt(o.b, int64(r.Dice[1]), 10)
		o.b = append(o.b, ']')
	case TypePick:
		o.num("face", r.Face)
		o.boolean("checked", r.Checked)
	case TypeEpisode:
		o.num("face", r.Face)
		o.str("text", r.Text)
	case TypeNightRaid:
		o.num("face", r.Face)
		o.str("encounter", r.ID)
		o.str("title", r.Text)
	case TypeQuietNight:
		o.num("face", r.Face)
	case TypeNight:
		o.str("choice", r.Result)
	case TypeCheck, TypeGroup, TypeSupport, TypeCancel, TypeProtect, TypeRound, TypeHP, TypeEscape,
		TypeLight, TypeSleep, TypeTraversal, TypeXP, TypeGrowth, TypeInsight, TypeRout, TypeDefeat:
		s.addOn(&o, r)
	case TypeDayEnd:
		s.snapshot(&o, r)
	case TypeEnd:
		o.str("outcome", r.Result)
		o.str("reason", r.Text)
		s.snapshot(&o, r)
		if v := r.View; v != nil {
			p := v.Plan()
			o.key("objectives")
			o.b = append(o.b, '[')
			n := 0
			for i := range p.Objectives {
				if d := v.Reached(i); d > 0 {
					if n > 0 {
						o.b = append(o.b, ',')
					}
					n++
					ob := &p.Objectives[i]
					e := jobj{b: append(o.b, '{')}
					e.str("id", ob.ID)
					e.str("outcome", ob.Outcome)
					e.num("xp", ob.XP)
					e.num("day", d)
					o.b = append(e.b, '}')
				}
			}
			o.b = append(o.b, ']')
			o.key("events")
			o.b = append(o.b, '[')
			n = 0
			for i := range p.Events {
				if f := v.Fired(i); f > 0 {
					if n > 0 {
						o.b = append(o.b, ',')
					}
					n++
					e := jobj{b: append(o.b, '{')}
					e.str("id", p.Events[i].ID)
					e.num("fired", f)
					o.b = append(e.b, '}')
				}
			}
			o.b = append(o.b, ']')
		}
	}
	o.b = append(o.b, '}', '\n')
	s.buf = o.b
	_, err := s.w.Write(o.b)
	return err
}

// addOn writes a Karzoral add-on record: "rule", then the fields set (zero fields are left out, in a
// fixed order), then "text". Dice are written whenever the record rolled them.
func (s *jsonlSink) addOn(o *jobj, r *Record) {
	o.str("rule", r.Rule)
	strs := [...]struct{ k, v string }{{"id", r.ID}, {"army", r.Army}, {"other", r.Other}, {"block", r.Block},
		{"source", r.Source}, {"result", r.Result}, {"roll", r.Roll}}
	for _, f := range strs {
		if f.v != "" {
			o.str(f.k, f.v)
		}
	}
	if r.Dice != [2]int{} {
		o.key("dice")
		o.b = append(o.b, '[')
		o.b = strconv.AppendInt(o.b, int64(r.Dice[0]), 10)
		o.b = append(o.b, ',')
		o.b = strconv.AppendInt(o.b, int64(r.Dice[1]), 10)
		o.b = append(o.b, ']')
	}
	nums := [...]struct {
		k string
		v int
	}{{"face", r.Face}, {"modifier", r.Delta}, {"total", r.Total}, {"tn", r.TN}, {"damage", r.Loss},
		{"before", r.Before}, {"after", r.After}, {"count", r.Count}, {"left", r.Left}, {"xp", r.XP}}
	for _, f := range nums {
		if f.v != 0 {
			o.num(f.k, f.v)
		}
	}
	o.str("text", r.Text)
}

// snapshot writes party, rations and armies from the record's View.
func (s *jsonlSink) snapshot(o *jobj, r *Record) {
	o.str("party", r.Block)
	o.num("rations", r.Left)
	v := r.View
	if v == nil {
		return
	}
	p := v.Plan()
	o.key("armies")
	o.b = append(o.b, '[')
	for i := range p.Armies {
		if i > 0 {
			o.b = append(o.b, ',')
		}
		blk, str := v.Army(i)
		e := jobj{b: append(o.b, '{')}
		e.str("id", p.Armies[i].ID)
		e.key("block")
		if blk >= 0 {
			e.b = appendJSONString(e.b, p.Field.Blocks[blk].ID)
		} else {
			e.b = append(e.b, "null"...)
		}
		e.num("strength", str)
		o.b = append(e.b, '}')
	}
	o.b = append(o.b, ']')
}

const hexDigits = "0123456789abcdef"

// appendJSONString appends s as a JSON string: quotes, backslashes and control characters escaped,
// invalid UTF-8 replaced by U+FFFD, U+2028/U+2029 escaped (safe in JavaScript too).
func appendJSONString(b []byte, s string) []byte {
	b = append(b, '"')
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case c == '"' || c == '\\':
				b = append(b, '\\', c)
			case c == '\n':
				b = append(b, '\\', 'n')
			case c == '\r':
				b = append(b, '\\', 'r')
			case c == '\t':
				b = append(b, '\\', 't')
			case c < 0x20 || c == 0x7f:
				b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xf])
			default:
				b = append(b, c)
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b = append(b, `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			b = append(b, '\\', 'u', '2', '0', '2', hexDigits[r&0xf])
		default:
			b = append(b, s[i:i+size]...)
		}
		i += size
	}
	return append(b, '"')
}
