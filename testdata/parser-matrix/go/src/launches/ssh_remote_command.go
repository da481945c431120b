// golang.org/x/crypto/ssh: a command typed into a remote host is still a
// launch — the remote shell runs Session.Run/Output/CombinedOutput/Start's
// string. uptime stays green.
package launches

import "golang.org/x/crypto/ssh"

func sshRemoteCommand(client *ssh.Client) {
	s, _ := client.NewSession()
	_ = s.Run("cd /srv && claude -p 'triage'")  // want "RED:eval"
	_, _ = s.Output("pi -p x")                  // want "RED:eval"
	_, _ = s.CombinedOutput("claude --version") // want "RED:eval"
	_ = s.Start("nohup claude -p watch &")      // want "RED:eval"
	_ = s.Run("uptime")
}
