package python

import (
	"strings"
	"testing"
)

// TestNotebookSource checks the line layout of a notebook's code cells:
// each line on its source string's line, a one-string source from its
// line on, shell escapes as comments handed to the shell, other cells out.
func TestNotebookSource(t *testing.T) {
	src := `{
 "cells": [
  {"cell_type": "markdown", "source": ["import os\n"]},
  {
   "cell_type": "code",
   "source": [
    "x = 1\n",
    "!claude -p hi\n",
    "y = 2"
   ]
  },
  {"cell_type": "code", "source": "a = 1\nb = 2\n"},
  {"source": ["%%sh\n", "pi -p x\n"], "cell_type": "code"}
 ]
}`
	py, shells, data := notebookSource([]byte(src))
	lines := strings.Split(string(py), "\n")
	want := map[int]string{7: "x = 1", 8: "#claude -p hi", 9: "y = 2", 12: "a = 1", 13: "b = 2", 14: "#%%sh", 15: "#pi -p x", 3: ""}
	for l, w := range want {
		if l > len(lines) || lines[l-1] != w {
			t.Errorf("line %d: got %q, want %q", l, lines[min(l, len(lines))-1], w)
		}
	}
	if len(shells) != 2 || shells[0].text != "claude -p hi" || shells[0].at.Line != 8 || shells[0].at.Column != 2 ||
		shells[1].text != "pi -p x\n" || shells[1].at.Line != 15 {
		t.Errorf("shells: %+v", shells)
	}
	if len(data) != 1 || data[0].text != "import os\n" || data[0].at.Line != 3 {
		t.Errorf("data: %+v", data)
	}
}

// TestNotebookScriptPython checks that a `%%script python3` cell is
// Python and a `%%writefile` cell is data.
func TestNotebookScriptPython(t *testing.T) {
	src := `{"cells": [
{"cell_type": "code", "source": ["%%script python3\n", "import os\n"]},
{"cell_type": "code", "source": ["%%writefile x.sh\n", "claude -p x\n"]}
]}`
	py, shells, data := notebookSource([]byte(src))
	lines := strings.Split(string(py), "\n")
	if len(lines) < 3 || lines[2] != "import os" {
		t.Errorf("lines: %q", lines)
	}
	if len(shells) != 0 || len(data) != 1 || !strings.Contains(data[0].text, "claude -p x") {
		t.Errorf("shells %+v data %+v", shells, data)
	}
}
