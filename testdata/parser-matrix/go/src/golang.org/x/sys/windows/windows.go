// Package windows is a stand-in for golang.org/x/sys/windows with the
// signatures the launches matrix uses, so go vet's analysistest can
// type-check the cases in GOPATH mode. It starts nothing.
package windows

type Handle uintptr
type Token Handle
type SecurityAttributes struct{ Length uint32 }
type StartupInfo struct{ Cb uint32 }
type ProcessInformation struct {
	Process   Handle
	Thread    Handle
	ProcessId uint32
	ThreadId  uint32
}

func CreateProcess(appName *uint16, commandLine *uint16, procSecurity *SecurityAttributes, threadSecurity *SecurityAttributes, inheritHandles bool, creationFlags uint32, env *uint16, currentDir *uint16, startupInfo *StartupInfo, outProcInfo *ProcessInformation) error {
	return nil
}

func CreateProcessAsUser(token Token, appName *uint16, commandLine *uint16, procSecurity *SecurityAttributes, threadSecurity *SecurityAttributes, inheritHandles bool, creationFlags uint32, env *uint16, currentDir *uint16, startupInfo *StartupInfo, outProcInfo *ProcessInformation) error {
	return nil
}

func StringToUTF16Ptr(s string) *uint16            { return nil }
func UTF16PtrFromString(s string) (*uint16, error) { return nil, nil }
