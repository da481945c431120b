// Libraries whose call is given a command to run are process APIs of the
// table: mage's sh helpers, go-cmd, gotest.tools' icmd, k8s.io/utils/exec,
// pipe.v2 (Exec an argv, System a shell line), bitfield/script's command
// lines and sourcegraph/run's parts, split into words.
package launches

import (
	"context"

	"github.com/bitfield/script"
	gocmd "github.com/go-cmd/cmd"
	"github.com/magefile/mage/sh"
	"github.com/sourcegraph/run"
	"gopkg.in/pipe.v2"
	"gotest.tools/v3/icmd"
	kexec "k8s.io/utils/exec"
)

func libraryLaunches(ctx context.Context) {
	_ = sh.RunV("pi", "--print", "review")                       // want "RED:process-api"
	_ = sh.RunWith(map[string]string{"CI": "1"}, "claude", "-p") // want "RED:process-api"
	_, _ = sh.Exec(nil, nil, nil, "claude", "-p", "x")           // want "RED:process-api"
	review := sh.RunCmd("claude", "-p")                          // want "RED:process-api"
	_ = review("summarize")
	<-gocmd.NewCmd("pi", "-p", "x").Start()                                     // want "RED:process-api"
	_ = gocmd.NewCmdOptions(gocmd.Options{Buffered: true}, "claude", "-p", "x") // want "RED:process-api"
	_ = icmd.RunCommand("claude", "-p", "x")                                    // want "RED:process-api"
	_ = kexec.New().Command("pi", "-p", "x").Run()                              // want "RED:process-api"
	_ = pipe.Run(pipe.Exec("claude", "-p", "x"))                                // want "RED:process-api"
	_ = pipe.Run(pipe.System("cd /src && claude -p x"))                         // want "RED:eval"
	_, _ = script.Exec(`claude -p "review the diff"`).Stdout()                  // want "RED:process-api"
	_, _ = script.Echo("a.go").ExecForEach("pi -p 'explain {{.}}'").Stdout()    // want "RED:process-api"
	_ = run.Cmd(ctx, "claude", "-p", "'review'").Run().Wait()                   // want "RED:process-api"
}
