package checklaunches

import (
	"errors"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"github.com/leasegate/leasegate/scanner"
)

// TestReportSchemaRealScans validates real --json outputs (a plain scan
// with skipped files and markers, and a gated one) against
// schemas/report.schema.json.
func TestReportSchemaRealScans(t *testing.T) {
	schema := compileSchema(t, "report.schema.json")
	root, _ := exampleTree(t)
	writeFile(t, root, "notes/help.txt", "never pass --dangerously-skip-permissions # check-launches: inert help text\nno reason here # check-launches: inert\n") // check-launches: inert test fixture
	code, out, errs := runCmd(t, nil, "--root", root, "--json")
	if code != ExitRed {
		t.Fatalf("exit %d %s", code, errs)
	}
	if err := validateJSON(t, schema, []byte(out)); err != nil {
		t.Errorf("plain scan: %v", err)
	}
	if !strings.Contains(out, `"suppressions": [`) || !strings.Contains(out, `"reason": "help text"`) {
		t.Errorf("suppressions missing:\n%s", out)
	}
	base := t.TempDir() + "/b.json"
	code, out, errs = runCmd(t, nil, "--root", root, "--json", "--write-baseline", base)
	if code != ExitOK {
		t.Fatalf("exit %d %s", code, errs)
	}
	if err := validateJSON(t, schema, []byte(out)); err != nil {
		t.Errorf("scan with a baseline: %v", err)
	}
	if !strings.Contains(out, `"gate": {`) {
		t.Errorf("no gate object")
	}
	// The schema is not a rubber stamp: a finding with an extra key, a bad
	// class or a RED verdict on a gated class is rejected.
	for _, bad := range []string{
		strings.Replace(out, `"family":`, `"extra": 1, "family":`, 1),
		strings.Replace(out, `"class": "eval"`, `"class": "evil"`, 1),
		strings.Replace(out, `"schema_version": 1`, `"schema_version": 2`, 1),
		strings.Replace(out, `"files_scanned":`, `"files": 1, "files_scanned":`, 1),
	} {
		if bad == out {
			t.Fatalf("replacement did not apply")
		}
		if err := validateJSON(t, schema, []byte(bad)); err == nil {
			t.Errorf("schema accepted a bad report")
		}
	}
}

// TestConfigSchemaAgreesWithLoader feeds the same configs to the strict
// loader and to schemas/check-launches-config.schema.json: both accept the
// good ones (the init starter included) and both reject the bad ones.
func TestConfigSchemaAgreesWithLoader(t *testing.T) {
	schema := compileSchema(t, "check-launches-config.schema.json")
	good := map[string]string{
		"starter": string(StarterConfig()),
		"empty":   "",
		"spec": `include: ["packages/**", "apps/**", "plugins/**", "tools/**"]
exclude: ["docs/**"]
runtimes:
  codex: {commands: [codex], packages: ["@openai/codex"]}
chokepoints: ["cmd/launch-runtime/**"]
families:
  - {name: "Fleet runtime start", paths: ["packages/fleet/**"]}
agent_actions: ["my-org/agent"]
`,
		"nulls":        "include:\nexclude:\n",
		"packagesOnly": "runtimes:\n  x: {packages: [\"@x/y\"]}\n",
		"folderGlob":   "exclude: [docs/, ./build]\n",
		"proseNote":    "prose: note\n",
		"proseRed":     "prose: red\n",
		"proseNull":    "prose:\n",
	}
	bad := map[string]string{
		"unknownKey":         "includes: [x]\n",
		"unknownNested":      "runtimes:\n  x: {commands: [x], args: [y]}\n",
		"absoluteGlob":       "exclude: [/etc/**]\n",
		"doubleStarInPart":   "include: [src/**.sh]\n",
		"badClass":           "exclude: [\"src/[a\"]\n",
		"emptyGlob":          "exclude: [\"\"]\n",
		"emptyFamilyName":    "families:\n  - {name: \" \", paths: [x]}\n",
		"familyNoPaths":      "families:\n  - {name: x, paths: []}\n",
		"runtimeEmpty":       "runtimes:\n  x: {}\n",
		"runtimeSlashCmd":    "runtimes:\n  x: {commands: [bin/x]}\n",
		"runtimeBadName":     "runtimes:\n  \"a b\": {commands: [x]}\n",
		"agentActionNoOwner": "agent_actions: [action]\n",
		"wrongType":          "include: docs/**\n",
		"notAMapping":        "- a\n- b\n",
		"proseOther":         "prose: error\n",
		"proseBool":          "prose: true\n",
		"proseList":          "prose: [red]\n",
	}
	check := func(name, src string, wantOK bool) {
		_, lerr := scanner.ParseConfig(name, []byte(src))
		var ce *scanner.ConfigError
		if lerr != nil && !errors.As(lerr, &ce) {
			t.Errorf("%s: loader error %v is not a ConfigError", name, lerr)
		}
		var doc any
		if err := yaml.Unmarshal([]byte(src), &doc); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		serr := schema.Validate(toJSONValue(doc))
		if (lerr == nil) != wantOK || (serr == nil) != wantOK {
			t.Errorf("%s: loader err %v, schema err %v; want ok=%v", name, lerr, serr, wantOK)
		}
	}
	for name, src := range good {
		check(name, src, true)
	}
	for name, src := range bad {
		check(name, src, false)
	}
}

// toJSONValue turns a YAML document into the values the JSON Schema
// validator expects (map[string]any, []any, float64...).
func toJSONValue(v any) any {
	switch x := v.(type) {
	case map[string]any:
		m := map[string]any{}
		for k, e := range x {
			m[k] = toJSONValue(e)
		}
		return m
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = toJSONValue(e)
		}
		return out
	case int:
		return float64(x)
	}
	return v
}
