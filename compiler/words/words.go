// Package words writes counted nouns for messages: "1 error", "2 errors", "1 balance check".
// Every count sortie prints before a noun goes through Count (or CountOf for a noun whose plural
// is not the noun with an s), so that no message reads "1 errors" or "1 finding(s)".
package words

import "strconv"

// Count is n and noun, the noun plural unless n is 1 or -1: "1 error", "0 errors", "3 balance
// checks". The plural is noun with "es" after s, x, z, ch or sh ("2 passes"), "ies" for a
// consonant and y ("2 armies"), else with "s". A noun of several words takes the plural on its
// last: "2 balance checks".
func Count(n int, noun string) string {
	return CountOf(n, noun, Plural(noun))
}

// CountOf is n and one when n is 1 or -1, else n and many: CountOf(2, "index", "indices").
func CountOf(n int, one, many string) string {
	if n == 1 || n == -1 {
		return strconv.Itoa(n) + " " + one
	}
	return strconv.Itoa(n) + " " + many
}

// Plural is the regular English plural of noun (see Count); "" stays "".
func Plural(noun string) string {
	switch l := len(noun); {
	case l == 0:
		return noun
	case hasSuffix(noun, "s"), hasSuffix(noun, "x"), hasSuffix(noun, "z"), hasSuffix(noun, "ch"), hasSuffix(noun, "sh"):
		return noun + "es"
	case l >= 2 && noun[l-1] == 'y' && !isVowel(noun[l-2]):
		return noun[:l-1] + "ies"
	}
	return noun + "s"
}

func hasSuffix(s, suffix string) bool {
	return len(s) >= len(suffix) && s[len(s)-len(suffix):] == suffix
}

func isVowel(b byte) bool {
	switch b {
	case 'a', 'e', 'i', 'o', 'u':
		return true
	}
	return false
}

// Possessive is name's possessive in English: "orrin's", and for a name ending in s (a unit
// named by its plural, "orcs", "lancers") "orcs'" (issue 23 and 25 reviews: "orcs's turn").
func Possessive(name string) string {
	if hasSuffix(name, "s") {
		return name + "'"
	}
	return name + "'s"
}
