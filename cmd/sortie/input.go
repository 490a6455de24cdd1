package main

// maxInput bounds a plan, a save or a baseline read through the gate (compiler/safeio), in bytes:
// the largest plan of the hostile corpus (a 200x200 field) is far below it, and an 8 GB sparse
// file named as one is refused by its size before a byte is read (issue 28).
const maxInput = 256 << 20
