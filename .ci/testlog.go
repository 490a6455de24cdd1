// Command testlog reads `go test -json` on standard input and writes what CI's log needs:
// go test's own summary line for each package (ok, FAIL, "?" for no test files), the output of
// every test that failed and of every package that failed (build errors included), then the list
// of skipped tests, each with the reason its t.Skip gave. It exits 1 when a test or package
// failed, or when one of the tests named by -require skipped or did not run at all: CI installs
// the tools those tests need (a browser, an editor, pre-commit), so their skipping is a CI fault.
//
//	go test -json ./... | go run .ci/testlog.go -require TestA,TestB
//
// It is a file of its own (package main, no imports outside the standard library) run with go
// run, so that it is not part of the module's packages and ./... patterns.
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
)

// event is one line of go test -json (cmd/test2json); build-output events carry ImportPath.
type event struct {
	Action     string
	Package    string
	Test       string
	Output     string
	ImportPath string
}

// skipped is a test that skipped and the reason it gave.
type skipped struct {
	name, reason string
}

func main() {
	require := flag.String("require", "", "comma-separated top-level test names that must run and not skip")
	flag.Parse()
	os.Exit(run(os.Stdin, os.Stdout, strings.Split(*require, ",")))
}

// run filters the event stream in to out and returns the exit code.
func run(in io.Reader, out io.Writer, require []string) int {
	testOut := map[string][]string{} // "pkg test" -> its output lines
	pkgOut := map[string][]string{}
	ran := map[string]bool{} // top-level test names that started
	var skips []skipped
	failed := false
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 1<<20), 1<<26)
	for sc.Scan() {
		line := sc.Bytes()
		var e event
		if err := json.Unmarshal(line, &e); err != nil || e.Action == "" {
			// Not an event (go's own messages on a broken build): pass it on.
			fmt.Fprintf(out, "%s\n", line)
			continue
		}
		key := e.Package + " " + e.Test
		switch e.Action {
		case "build-output":
			fmt.Fprint(out, e.Output)
		case "build-fail":
			failed = true
		case "run":
			if e.Test != "" {
				ran[strings.SplitN(e.Test, "/", 2)[0]] = true
			}
		case "output":
			if e.Test != "" {
				testOut[key] = append(testOut[key], e.Output)
				continue
			}
			// go test's summary line for the package (the one plain go test ./... prints), shown
			// once, here, and kept out of the package's output shown below if it failed.
			if o := e.Output; strings.HasPrefix(o, "ok  \t") || strings.HasPrefix(o, "FAIL\t") || strings.HasPrefix(o, "?   \t") {
				fmt.Fprint(out, o)
				continue
			}
			pkgOut[e.Package] = append(pkgOut[e.Package], e.Output)
		case "skip":
			if e.Test != "" {
				skips = append(skips, skipped{e.Package + " " + e.Test, skipReason(testOut[key])})
			}
			delete(testOut, key)
		case "pass":
			delete(testOut, key)
			if e.Test == "" {
				delete(pkgOut, e.Package)
			}
		case "fail":
			failed = true
			if e.Test != "" {
				fmt.Fprintf(out, "--- output of %s (%s), which failed:\n%s", e.Test, e.Package, strings.Join(testOut[key], ""))
				delete(testOut, key)
				continue
			}
			// A package that failed outside its tests (a panic in TestMain, a timeout, a build
			// error): all its own output. A package whose tests failed says only "FAIL" of its
			// own, and its failing tests' output is above: nothing more to show.
			if said := pkgOut[e.Package]; !onlyFail(said) {
				fmt.Fprintf(out, "--- output of package %s, which failed:\n%s", e.Package, strings.Join(said, ""))
			}
			delete(pkgOut, e.Package)
		}
	}
	if err := sc.Err(); err != nil {
		fmt.Fprintf(out, "testlog: reading go test -json: %v\n", err)
		return 1
	}
	sort.Slice(skips, func(i, j int) bool { return skips[i].name < skips[j].name })
	fmt.Fprintf(out, "\n%d tests skipped:\n", len(skips))
	for _, s := range skips {
		fmt.Fprintf(out, "  SKIP %s: %s\n", s.name, s.reason)
	}
	code := 0
	if failed {
		code = 1
	}
	for _, name := range require {
		if name == "" {
			continue
		}
		if !ran[name] {
			fmt.Fprintf(out, "testlog: %s did not run (CI installs its tools: it must)\n", name)
			code = 1
		}
		for _, s := range skips {
			test := s.name[strings.IndexByte(s.name, ' ')+1:]
			if test == name || strings.HasPrefix(test, name+"/") {
				fmt.Fprintf(out, "testlog: %s skipped (CI installs its tools: it must not): %s\n", test, s.reason)
				code = 1
			}
		}
	}
	return code
}

// onlyFail reports whether a package's own output lines say nothing but go test's bare
// "FAIL" (the line it prints after a test failed, before the package's summary line).
func onlyFail(lines []string) bool {
	for _, l := range lines {
		if t := strings.TrimSpace(l); t != "" && t != "FAIL" {
			return false
		}
	}
	return true
}

// skipReason is what a skipped test said: its output without the === and --- framing lines,
// joined on one line.
func skipReason(lines []string) string {
	var parts []string
	for _, l := range lines {
		t := strings.TrimSpace(l)
		if t == "" || strings.HasPrefix(t, "=== ") || strings.HasPrefix(t, "--- SKIP") {
			continue
		}
		parts = append(parts, t)
	}
	if len(parts) == 0 {
		return "(no reason given)"
	}
	return strings.Join(parts, " ")
}
