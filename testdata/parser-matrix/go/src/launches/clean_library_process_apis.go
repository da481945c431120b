// The same libraries running other tools, a runtime's name only an
// argument of them: not launches.
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

func cleanLibraryLaunches(ctx context.Context) {
	_ = sh.RunV("go", "test", "./claude/...")
	_, _ = sh.Output("git", "log", "--grep", "pi")
	<-gocmd.NewCmd("grep", "-r", "claude", ".").Start()
	_ = icmd.RunCommand("echo", "claude")
	_ = kexec.New().Command("ls", "pi").Run()
	_ = pipe.Run(pipe.System("grep -c claude notes.txt"))
	_, _ = script.Exec(`grep "claude -p" README.md`).Stdout()
	_ = run.Cmd(ctx, "git", "grep", "pi").Run().Wait()
}
