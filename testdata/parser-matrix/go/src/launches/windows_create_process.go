// Windows CreateProcess and CreateProcessAsUser (golang.org/x/sys/windows):
// the command line, converted to UTF-16, is split as Windows splits it; an
// application name given on its own is the program. Notepad stays green.
package launches

import "golang.org/x/sys/windows"

func windowsCreateProcess(tok windows.Token) {
	var si windows.StartupInfo
	var pi windows.ProcessInformation
	_ = windows.CreateProcess(nil, windows.StringToUTF16Ptr(`claude.exe -p "fix the build"`), nil, nil, false, 0, nil, nil, &si, &pi) // want "RED:process-api"
	app, _ := windows.UTF16PtrFromString(`C:\tools\claude.exe`)
	_ = windows.CreateProcessAsUser(tok, app, windows.StringToUTF16Ptr(`claude -p x`), nil, nil, false, 0, nil, nil, &si, &pi) // want "RED:variable-execution"
	_ = windows.CreateProcess(nil, windows.StringToUTF16Ptr(`notepad.exe claude.txt`), nil, nil, false, 0, nil, nil, &si, &pi)
}
