// The same template rendering another tool, the runtime's name only an
// argument of it: not a launch.
package launches

import (
	"bytes"
	"os/exec"
	"text/template"
)

func cleanTemplateIntoBuilder() error {
	var b bytes.Buffer
	t, _ := template.New("log").Parse("git log --grep {{.Who}}")
	_ = t.Execute(&b, map[string]string{"Who": "claude"})
	return exec.Command("bash", "-c", b.String()).Run()
}
