package safeio

import "github.com/sortie-rpg/sortie/compiler/diag"

var _ = registerCodes() // the codes are registered when the package is loaded

func registerCodes() bool {
	diag.Register(
		diag.CodeInfo{Code: CodeNotRegular, Title: "input is not a regular file", Severity: diag.Error, Doc: `A file sortie was given to read (a scenario, a script, a plan, a save, a baseline, an
expect file, a file of an init --from folder, a file the language server finds beside a
document) is a named pipe, a device (such as /dev/zero), a socket or a directory, directly or
through a symbolic link. Reading it could block forever or never end, so sortie refuses it after
a stat, before it is opened: exit 2 when it was named on the command line, a finding on that file
when it was found in a folder.

Bad:
    ln -s /dev/zero plan.json
    sortie run plan.json

Fix: name a regular file; copy what a pipe or a device gives into a file first.`},
		diag.CodeInfo{Code: CodeOutside, Title: "file resolves outside its folder", Severity: diag.Error, Doc: `A file that belongs to a scenario (one of its files, a package it imports, a test's
script, a scenario a campaign names, a file of an init --from folder) resolves, symbolic links
followed, outside the scenario's folder (its root: the folder of the scenario, which is also its
CUE module root when it has a cue.mod). sortie never reads a file outside the root, so that
vetting a stranger's pull request cannot print a private file (an SSH key, a .env) into a log;
the message does not say where the link leads. A plan, a save, a baseline or an expect file
named on the command line is confined to its own folder the same way.

Bad:
    tests: [{script: "../secret/key.yaml"}]
    ln -s ~/.ssh/id_ed25519 pw.txt

Fix: keep every file of the scenario inside its folder; copy a shared script in instead of
linking it.`},
	)
	return true
}
