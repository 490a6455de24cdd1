package main

import "github.com/sortie-rpg/sortie/compiler"

// maxInput bounds a plan or a save read through the gate (compiler/safeio), in bytes: the
// largest plan of the hostile corpus (a 200x200 field) is far below it, and an 8 GB sparse file
// named as one is refused by its size before a byte is read (issue 28).
const maxInput = 256 << 20

// maxBaseline bounds a baseline (vet --baseline), in bytes: the bound of a scenario file (4 MiB,
// L004), as for the other files vet reads (issue 28, B4: a 100 MB baseline under the 256 MiB of
// maxInput held 723 MB resident, past --max-memory). A baseline lists the distinct findings of
// the files vetted, some 150 bytes each: 4 MiB holds over 25,000 of them.
const maxBaseline = compiler.MaxFileSize
