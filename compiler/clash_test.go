package compiler

func init() {
	// TestWant needs a case for every clash code too; TestCheckRegistry a page for each.
	allCodes = append(allCodes, clashCodes...)
}
