// Command escape is what a verified agent's Bash runs in the confinement
// tests: a compiled program that computes every pid and path at run time
// (so no policy rule can read them in its command line) and tries each
// way out of the runtime's Landlock domain. It prints one line per
// attempt: "NAME: refused (ERRNO)" when the kernel said EPERM or EACCES,
// anything else otherwise.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"time"

	"github.com/leasegate/leasegate/lease/wire"
)

func main() {
	if len(os.Args) > 1 && os.Args[1] == "detach" {
		// The middle of the double fork: start the verifier in a new
		// session and exit, so it is re-parented away from the runtime.
		cmd := exec.Command(os.Args[0], "verify", os.Args[2])
		cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
		_ = cmd.Start()
		return
	}
	if len(os.Args) > 1 && os.Args[1] == "verify" {
		verify(os.Args[2])
		return
	}
	socket, err := wire.SocketPath()
	if err != nil {
		fmt.Println("socket:", err)
		os.Exit(1)
	}
	st := status(socket)
	fmt.Printf("broker pid %d, audit %s\n", st.PID, st.Audit)

	// ptrace first: a killed broker could not be traced anyway.
	report("ptrace", ptrace(st.PID))
	report("kill-STOP", syscall.Kill(st.PID, syscall.SIGSTOP))
	report("kill-KILL", syscall.Kill(st.PID, syscall.SIGKILL))
	report("remove-socket", os.Remove(socket))
	report("fake-socket", fakeSocket(filepath.Join(filepath.Dir(socket), "fake.sock")))
	report("write-audit", appendTo(st.Audit))
	gate, err := exec.LookPath("mutator-gate")
	if err != nil {
		fmt.Println("mutator-gate:", err)
	}
	report("write-hook", appendTo(gate))
	settings, _ := filepath.Glob(filepath.Join(filepath.Dir(socket), "integrations", "*", "*"))
	if len(settings) == 0 {
		fmt.Println("write-settings: no generated settings found")
	}
	for _, f := range settings {
		report("write-settings", appendTo(f))
	}

	// Double fork out of the runtime's tree and verify from there.
	wd, _ := os.Getwd()
	out := filepath.Join(wd, "verify.out")
	_ = os.Remove(out)
	if err := exec.Command(os.Args[0], "detach", out).Run(); err != nil {
		fmt.Println("detach:", err)
	}
	// The grandchild's last line says it is through: a line ending in a
	// newline is not enough, the CLI it starts last may take seconds on a
	// loaded machine (its line was missing from a CI run).
	var b []byte
	for i := 0; i < 600; i++ {
		b, _ = os.ReadFile(out)
		if strings.Contains(string(b), verifyDone+"\n") {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	fmt.Print(string(b))
	fmt.Println("done")
}

// verify runs in the detached grandchild: begin_verification over the
// operator socket, then over the path socket, then with the CLI.
func verify(out string) {
	f, err := os.Create(out)
	if err != nil {
		return
	}
	defer f.Close()
	socket, _ := wire.SocketPath()
	sid := os.Getenv("LEASEGATE_SESSION_ID")
	st := status(socket)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	// The operator socket, dialled directly so the errno is the kernel's.
	c, err := net.Dial("unix", st.OperatorSocket)
	if err == nil {
		c.Close()
	}
	fmt.Fprintln(f, line("verify-operator-socket", err))
	pc, err := wire.Dial(ctx, socket)
	if err == nil {
		rep, derr := pc.Do(ctx, wire.Request{Op: wire.OpBeginVerification, Session: sid})
		pc.Close()
		switch {
		case derr != nil:
			err = derr
		case rep.OK:
			err = nil
		default:
			err = fmt.Errorf("%s %s", rep.Code, rep.Error)
		}
	}
	fmt.Fprintf(f, "verify-path-socket: %s\n", outcome(err))
	cli := exec.Command("lease-broker", "begin-verification", sid)
	b, err := cli.CombinedOutput()
	fmt.Fprintf(f, "verify-cli: %s %q\n", outcome(err), b)
	fmt.Fprintf(f, "verify-ppid: %d\n", os.Getppid())
	fmt.Fprintln(f, verifyDone)
}

// verifyDone is the grandchild's last line.
const verifyDone = "verify-end"

func outcome(err error) string {
	if err == nil {
		return "SUCCEEDED"
	}
	return "failed: " + err.Error()
}

// brokerStatus is the part of the status reply this program reads.
type brokerStatus struct {
	PID            int    `json:"pid"`
	Audit          string `json:"audit"`
	OperatorSocket string `json:"operator_socket"`
}

func status(socket string) brokerStatus {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	var st brokerStatus
	c, err := wire.Dial(ctx, socket)
	if err != nil {
		fmt.Println("status:", err)
		return st
	}
	defer c.Close()
	rep, err := c.Do(ctx, wire.Request{Op: wire.OpStatus})
	if err != nil {
		fmt.Println("status:", err)
		return st
	}
	_ = json.Unmarshal(rep.Data, &st)
	return st
}

func ptrace(pid int) error {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	err := syscall.PtraceAttach(pid)
	if err == nil {
		_ = syscall.PtraceDetach(pid)
	}
	return err
}

func fakeSocket(path string) error {
	ln, err := net.Listen("unix", path)
	if err == nil {
		ln.Close()
	}
	return err
}

func appendTo(path string) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
	if err == nil {
		f.Close()
	}
	return err
}

func line(name string, err error) string {
	switch {
	case err == nil:
		return name + ": SUCCEEDED"
	case errors.Is(err, syscall.EPERM):
		return name + ": refused (EPERM)"
	case errors.Is(err, syscall.EACCES):
		return name + ": refused (EACCES)"
	}
	return name + ": failed otherwise: " + err.Error()
}

func report(name string, err error) { fmt.Println(line(name, err)) }
