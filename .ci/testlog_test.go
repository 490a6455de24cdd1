package main

import (
	"strings"
	"testing"
)

// The streams below are go test -json's own, recorded from small packages: x/p has a failing
// and a skipping test, x/q a TestMain that exits 2 after printing, x/b a build error.
const (
	failStream = `{"Action":"start","Package":"x/p"}
{"Action":"run","Package":"x/p","Test":"TestA"}
{"Action":"output","Package":"x/p","Test":"TestA","Output":"=== RUN   TestA\n"}
{"Action":"output","Package":"x/p","Test":"TestA","Output":"    p_test.go:3: boom\n"}
{"Action":"output","Package":"x/p","Test":"TestA","Output":"--- FAIL: TestA (0.00s)\n"}
{"Action":"fail","Package":"x/p","Test":"TestA","Elapsed":0}
{"Action":"run","Package":"x/p","Test":"TestB"}
{"Action":"output","Package":"x/p","Test":"TestB","Output":"=== RUN   TestB\n"}
{"Action":"output","Package":"x/p","Test":"TestB","Output":"    p_test.go:4: no tool\n"}
{"Action":"output","Package":"x/p","Test":"TestB","Output":"--- SKIP: TestB (0.00s)\n"}
{"Action":"skip","Package":"x/p","Test":"TestB","Elapsed":0}
{"Action":"output","Package":"x/p","Output":"FAIL\n"}
{"Action":"output","Package":"x/p","Output":"FAIL\tx/p\t0.184s\n"}
{"Action":"fail","Package":"x/p","Elapsed":0.199}
`
	mainStream = `{"Action":"start","Package":"x/q"}
{"Action":"output","Package":"x/q","Output":"setup broke\n"}
{"Action":"output","Package":"x/q","Output":"FAIL\tx/q\t0.071s\n"}
{"Action":"fail","Package":"x/q","Elapsed":0.074}
`
	buildStream = `{"ImportPath":"x/b [x/b.test]","Action":"build-output","Output":"# x/b [x/b.test]\n"}
{"ImportPath":"x/b [x/b.test]","Action":"build-output","Output":"b/b_test.go:3:27: undefined: undefined\n"}
{"ImportPath":"x/b [x/b.test]","Action":"build-fail"}
{"Action":"start","Package":"x/b"}
{"Action":"output","Package":"x/b","Output":"FAIL\tx/b [build failed]\n"}
{"Action":"fail","Package":"x/b","Elapsed":0.001,"FailedBuild":"x/b [x/b.test]"}
`
	okStream = `{"Action":"start","Package":"x/o"}
{"Action":"run","Package":"x/o","Test":"TestE"}
{"Action":"output","Package":"x/o","Test":"TestE","Output":"=== RUN   TestE\n"}
{"Action":"output","Package":"x/o","Test":"TestE","Output":"--- PASS: TestE (0.00s)\n"}
{"Action":"pass","Package":"x/o","Test":"TestE","Elapsed":0}
{"Action":"output","Package":"x/o","Output":"PASS\n"}
{"Action":"output","Package":"x/o","Output":"ok  \tx/o\t0.010s\n"}
{"Action":"pass","Package":"x/o","Elapsed":0.02}
`
)

func runLog(t *testing.T, stream string, require ...string) (string, int) {
	t.Helper()
	var out strings.Builder
	code := run(strings.NewReader(stream), &out, require)
	return out.String(), code
}

// TestFailLineOnce: a package whose test failed shows its FAIL line once (it was shown twice,
// once as the summary and again in the package's own output), with the test's output.
func TestFailLineOnce(t *testing.T) {
	out, code := runLog(t, failStream)
	if code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	if n := strings.Count(out, "FAIL\tx/p\t0.184s\n"); n != 1 {
		t.Errorf("the FAIL line %d times:\n%s", n, out)
	}
	if !strings.Contains(out, "--- output of TestA (x/p), which failed:\n=== RUN   TestA\n    p_test.go:3: boom\n") {
		t.Errorf("no output of the failed test:\n%s", out)
	}
	if strings.Contains(out, "output of package x/p") {
		t.Errorf("the package's bare FAIL shown as its output:\n%s", out)
	}
	if !strings.Contains(out, "1 tests skipped:\n  SKIP x/p TestB: p_test.go:4: no tool\n") {
		t.Errorf("the skip not listed with its reason:\n%s", out)
	}
}

// TestPackageFailureShown: a package that failed outside its tests shows what it printed, and
// its FAIL line once; a build error shows the compiler's message.
func TestPackageFailureShown(t *testing.T) {
	out, code := runLog(t, mainStream)
	if code != 1 || !strings.Contains(out, "--- output of package x/q, which failed:\nsetup broke\n") || strings.Count(out, "FAIL\tx/q") != 1 {
		t.Errorf("exit %d:\n%s", code, out)
	}
	out, code = runLog(t, buildStream)
	if code != 1 || !strings.Contains(out, "b/b_test.go:3:27: undefined: undefined\n") || strings.Count(out, "FAIL\tx/b [build failed]") != 1 {
		t.Errorf("exit %d:\n%s", code, out)
	}
}

// TestRequired: a passing run exits 0 with the ok line; a required test that did not run, or
// that skipped, fails it.
func TestRequired(t *testing.T) {
	out, code := runLog(t, okStream, "TestE")
	if code != 0 || !strings.HasPrefix(out, "ok  \tx/o\t0.010s\n") {
		t.Errorf("exit %d:\n%s", code, out)
	}
	if out, code = runLog(t, okStream, "TestMissing"); code != 1 || !strings.Contains(out, "testlog: TestMissing did not run") {
		t.Errorf("exit %d:\n%s", code, out)
	}
	if out, code = runLog(t, failStream, "TestB"); code != 1 || !strings.Contains(out, "testlog: TestB skipped") {
		t.Errorf("exit %d:\n%s", code, out)
	}
}
