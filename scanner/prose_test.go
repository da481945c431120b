package scanner

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestIsProse(t *testing.T) {
	tests := []struct {
		rel  string
		head string
		exec bool
		want bool
	}{
		{"README.md", "# Title\n", false, true},
		{"docs/a.MARKDOWN", "x", false, true},
		{"docs/a.rst", "x", false, true},
		{"docs/a.adoc", "x", false, true},
		{"docs/a.asciidoc", "x", false, true},
		{"NOTES.txt", "x", false, true},
		{"requirements.txt", "x", false, true},
		{"page.mdx", "x", false, false},                // compiles to JavaScript
		{"run.md", "#!/bin/sh\n", false, false},        // a shebang makes a script
		{"run.txt", "claude\n", true, false},           // a shell runs an executable text file
		{"CMakeLists.txt", "x", false, false},          // CMake code
		{"sub/cmakelists.TXT", "x", false, false},      // the same on a case-insensitive disk
		{"maskfile.md", "x", false, false},             // mask runs its code blocks
		{".claude/commands/fix.md", "x", false, false}, // Claude Code runs its ! lines
		{"pkg/.claude/skills/x/SKILL.md", "x", false, false},
		{".pi/agent/prompts/p.md", "x", false, false},
		{"docs/claude/notes.md", "x", false, true}, // a folder named claude is not the runtime's
		{"notes", "x", false, false},
		{"notes.conf", "x", false, false},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, IsProse(NewFile(tt.rel, []byte(tt.head), tt.exec)), tt.rel)
	}
}
