// Clean near miss of string_builder.go: a builder that spells another
// tool (git), while a piece written beside it names a runtime as data.
package launches

import (
	"os/exec"
	"strings"
)

func builderGit() error {
	var sb strings.Builder
	sb.WriteString("g")
	sb.WriteString("it")
	var msg strings.Builder
	msg.WriteString("ask claude")
	return exec.Command(sb.String(), "commit", "-m", msg.String()).Run()
}
