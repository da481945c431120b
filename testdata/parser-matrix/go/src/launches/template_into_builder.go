// A text/template executed into a string builder adds its text to it:
// the text Parse was given, each `{{.Key}}` the data's entry, so the
// shell line the builder holds is judged.
package launches

import (
	"os/exec"
	"strings"
	"text/template"
)

type agentLine struct{ Program, Task string }

func templateIntoBuilder(task string) error {
	var line strings.Builder
	tmpl := template.Must(template.New("run").Parse("cd /src && {{ .Program }} --print {{.Task}}"))
	_ = tmpl.Execute(&line, agentLine{Program: "pi", Task: task})
	return exec.Command("sh", "-c", line.String()).Run() // want "RED:eval"
}
