// go-sh (github.com/codeskyblue/go-sh): sh.Command, Session.Command and
// Session.Call take a program and its arguments. git stays green.
package launches

import sh "github.com/codeskyblue/go-sh"

func goShSession() {
	_ = sh.Command("claude", "-p", "review").Run() // want "RED:process-api"
	s := sh.NewSession()
	_ = s.Call("pi", "-p", "x")                   // want "RED:process-api"
	_ = s.SetDir("/repo").Command("claude").Run() // want "RED:process-api"
	_ = sh.Command("git", "status").Run()
}
