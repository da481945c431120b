package cmdline_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leasegate/leasegate/cmdline"
	"github.com/leasegate/leasegate/gate"
	"github.com/leasegate/leasegate/scanner"
	"github.com/leasegate/leasegate/scanner/driver"
	"github.com/leasegate/leasegate/scanner/shell"
)

// The inner commands every spelling wraps.
const (
	innerRed   = "claude -p x"
	innerGated = "launch-runtime --runtime claude -- -p x"
	innerRm    = "rm -rf /"
)

// spellings drives every family of the table through both users of the
// model: wrap is a spelling with %s where the inner command goes; miss is a
// near miss (the inner words present but not run). red, gated and deny
// override wrap for a family whose inner command is spelled another way;
// "-" marks a form that does not apply (the reason is beside it).
var spellings = []struct {
	prog             string // the table entry the row covers
	wrap, miss       string
	red, gated, deny string
}{
	// privilege and identity
	{prog: "sudo", wrap: "sudo -u root -E %s", miss: "sudo -l %s"},
	{prog: "doas", wrap: "doas -u root %s", miss: "doas -C %s"},
	{prog: "su", wrap: "su - root -c '%s'", miss: "su -s %s"},
	{prog: "runuser", wrap: "runuser -u bob -- %s", miss: "runuser -g %s"},
	{prog: "pkexec", wrap: "pkexec --user root %s", miss: "pkexec --user %s"},
	{prog: "gosu", wrap: "gosu bob %s", miss: "gosu %s"},
	{prog: "su-exec", wrap: "su-exec bob %s", miss: "su-exec %s"},
	{prog: "setpriv", wrap: "setpriv --reuid=1000 --init-groups %s", miss: "setpriv --reuid %s"},
	{prog: "chroot", wrap: "chroot /srv %s", miss: "chroot %s"},
	{prog: "capsh", wrap: "capsh --drop=cap_net_raw -- -c '%s'", miss: "capsh --print %s"},
	{prog: "sg", wrap: "sg docker -c '%s'", miss: "sg %s"},
	{prog: "chpst", wrap: "chpst -u agent:agent -e /etc/agent/env -/ /srv %s", miss: "chpst -u %s"},
	{prog: "setuidgid", wrap: "setuidgid agent %s", miss: "setuidgid %s"},
	{prog: "envuidgid", wrap: "envuidgid agent %s", miss: "envuidgid %s"},
	{prog: "s6-setuidgid", wrap: "s6-setuidgid agent %s", miss: "s6-setuidgid %s"},
	{prog: "s6-envuidgid", wrap: "s6-envuidgid -D 1000:1000 agent %s", miss: "s6-envuidgid -D %s"},
	{prog: "s6-applyuidgid", wrap: "s6-applyuidgid -u 1000 -g 1000 -U %s", miss: "s6-applyuidgid -u %s"},
	// process control
	{prog: "env", wrap: "env -i -u X -C /tmp FOO=1 %s", miss: "env -u %s"},
	{prog: "env", wrap: "env -S '%s'", miss: "env -C %s"},
	{prog: "nohup", wrap: "nohup %s", miss: "echo nohup %s"},
	{prog: "setsid", wrap: "setsid -f %s", miss: "echo setsid %s"},
	{prog: "nice", wrap: "nice -n 10 %s", miss: "nice -n %s"},
	{prog: "nice", wrap: "nice -10 %s", miss: "nice --adjustment %s"},
	{prog: "ionice", wrap: "ionice -c 3 %s", miss: "ionice -p %s"},
	{prog: "chrt", wrap: "chrt -f 10 %s", miss: "chrt -p %s"},
	{prog: "taskset", wrap: "taskset -c 0-3 %s", miss: "taskset -p %s"},
	{prog: "timeout", wrap: "timeout -s KILL 10m %s", miss: "timeout %s"},
	{prog: "time", wrap: "command time -f %%e %s", miss: "command time -o %s"},
	{prog: "stdbuf", wrap: "stdbuf -oL %s", miss: "stdbuf -o %s"},
	{prog: "unbuffer", wrap: "unbuffer -p %s", miss: "echo unbuffer %s"},
	{prog: "flock", wrap: "flock -w 5 /tmp/lock %s", miss: "flock %s"},
	{prog: "flock", wrap: "flock /tmp/lock -c '%s'", miss: "flock -w %s"},
	{prog: "chronic", wrap: "chronic %s", miss: "echo chronic %s"},
	{prog: "caffeinate", wrap: "caffeinate -i %s", miss: "caffeinate -t %s"},
	{prog: "faketime", wrap: "faketime '2020-01-01 00:00:00' %s", miss: "faketime %s"},
	{prog: "tini", wrap: "tini -s -- %s", miss: "tini -p %s"},
	{prog: "dumb-init", wrap: "dumb-init --single-child %s", miss: "dumb-init -r %s"},
	{prog: "catatonit", wrap: "catatonit -- %s", miss: "echo catatonit %s"},
	{prog: "exec", wrap: "exec -a name %s", miss: "exec -a %s"},
	{prog: "command", wrap: "command %s", miss: "command -v %s"},
	{prog: "dbus-run-session", wrap: "dbus-run-session -- %s", miss: "dbus-run-session --config-file %s"},
	{prog: "dotenv", wrap: "dotenv -e .env -- %s", miss: "dotenv -e %s"},
	{prog: "env-cmd", wrap: "env-cmd -f .env.ci %s", miss: "env-cmd -f %s"},
	{prog: "cross-env", wrap: "cross-env NODE_ENV=ci %s", miss: "echo cross-env %s"},
	{prog: "envdir", wrap: "envdir ./env %s", miss: "envdir %s"},
	{prog: "setlock", wrap: "setlock -n /run/agent.lock %s", miss: "setlock %s"},
	{prog: "s6-envdir", wrap: "s6-envdir -c '' ./env %s", miss: "s6-envdir %s"},
	{prog: "s6-setlock", wrap: "s6-setlock -t 500 /run/agent.lock %s", miss: "s6-setlock -t %s"},
	{prog: "softlimit", wrap: "softlimit -m 500000000 %s", miss: "softlimit -m %s"},
	{prog: "s6-softlimit", wrap: "s6-softlimit -m 500000000 -o 1024 %s", miss: "s6-softlimit -o %s"},
	{prog: "pgrphack", wrap: "pgrphack %s", miss: "echo pgrphack %s"},
	{prog: "with-contenv", wrap: "with-contenv %s", miss: "echo with-contenv %s"},
	{prog: "s6-setsid", wrap: "s6-setsid -d 0 %s", miss: "s6-setsid -d %s"},
	{prog: "s6-notifyoncheck", wrap: "s6-notifyoncheck -d -n 10 %s", miss: "s6-notifyoncheck -n %s"},
	// sandboxes and tracers
	{prog: "firejail", wrap: "firejail --noprofile %s", miss: "echo firejail %s"},
	{prog: "bwrap", wrap: "bwrap --ro-bind / / --dev /dev --unshare-all %s", miss: "bwrap --bind %s"},
	{prog: "proot", wrap: "proot -r /srv -b /dev %s", miss: "proot -r %s"},
	{prog: "nsenter", wrap: "nsenter -t 1 -m -u %s", miss: "nsenter -t %s"},
	{prog: "unshare", wrap: "unshare -r --fork %s", miss: "unshare -R %s"},
	{prog: "systemd-run", wrap: "systemd-run --user %s", miss: "systemd-run -u %s"},
	{prog: "systemd-inhibit", wrap: "systemd-inhibit --why=build %s", miss: "systemd-inhibit --why %s"},
	{prog: "xvfb-run", wrap: "xvfb-run -a %s", miss: "xvfb-run -s %s"},
	{prog: "torsocks", wrap: "torsocks %s", miss: "torsocks -u %s"},
	{prog: "proxychains4", wrap: "proxychains4 -q %s", miss: "proxychains4 -f %s"},
	{prog: "valgrind", wrap: "valgrind --tool=memcheck %s", miss: "echo valgrind %s"},
	{prog: "strace", wrap: "strace -f -o /tmp/t %s", miss: "strace -o %s"},
	{prog: "ltrace", wrap: "ltrace -f %s", miss: "ltrace -o %s"},
	{prog: "gdb", wrap: "gdb -batch -ex run --args %s", miss: "gdb %s"},
	{prog: "perf", wrap: "perf record -g %s", miss: "perf report %s"},
	{prog: "perf", wrap: "perf stat -e cycles %s", miss: "perf stat -e %s"},
	{prog: "op", wrap: "op run --env-file=.env -- %s", miss: "op read %s"},
	{prog: "doppler", wrap: "doppler run -p web -c prd -- %s", miss: "doppler secrets get %s"},
	{prog: "doppler", wrap: "doppler run --command '%s'", miss: "doppler run --config %s"},
	{prog: "infisical", wrap: "infisical run --env=prod -- %s", miss: "infisical secrets %s"},
	{prog: "dotenvx", wrap: "dotenvx run -f .env.ci -- %s", miss: "dotenvx get %s"},
	{prog: "teller", wrap: "teller run -c teller.yml -- %s", miss: "teller show %s"},
	{prog: "berglas", wrap: "berglas exec --local -- %s", miss: "berglas access %s"},
	{prog: "aws-vault", wrap: "aws-vault exec prod -d 1h -- %s", miss: "aws-vault login %s"},
	{prog: "aws-vault", wrap: "aws-vault exec prod %s", miss: "aws-vault exec %s"},
	{prog: "saml2aws", wrap: "saml2aws exec --exec-profile ci -- %s", miss: "saml2aws login %s"},
	{prog: "chamber", wrap: "chamber exec app shared -- %s", miss: "chamber exec app %s"},
	{prog: "envchain", wrap: "envchain aws %s", miss: "envchain --set %s"},
	{prog: "sops", wrap: "sops exec-env secrets.enc.yaml '%s'", miss: "sops -d %s"},
	{prog: "asdf", wrap: "asdf exec %s", miss: "asdf install %s"},
	{prog: "rbenv", wrap: "rbenv exec %s", miss: "rbenv which %s"},
	{prog: "mise", wrap: "mise exec node@20 -- %s", miss: "mise exec %s"},
	{prog: "direnv", wrap: "direnv exec . %s", miss: "direnv allow %s"},
	{prog: "nix", wrap: "nix shell nixpkgs#hello -c %s", miss: "nix shell %s"},
	{prog: "nix", wrap: "nix develop -c %s", miss: "nix build %s"},
	{prog: "nix-shell", wrap: "nix-shell -p hello --run '%s'", miss: "nix-shell -p %s"},
	{prog: "devbox", wrap: "devbox run %s", miss: "devbox add %s"},
	// job runners
	{prog: "xargs", wrap: "xargs -n 1 -P 4 %s", miss: "xargs -a %s"},
	{prog: "parallel", wrap: "parallel -j 2 %s ::: a b", miss: "parallel -j %s"},
	{prog: "parallel", wrap: "parallel --jobs 4 --halt soon,fail=1 %s :::: list", miss: "parallel --joblog %s"},
	{prog: "parallel", wrap: "parallel --pipe --block 10M %s", miss: "parallel --tmpdir %s"},
	{prog: "parallel", wrap: "parallel '%s {}' ::: a b", miss: "parallel gzip ::: '%s'"},
	{prog: "parallel", wrap: "parallel --jobs 2 ::: '%s' 'make lint'", miss: "parallel echo ::: '%s'"},
	{prog: "rush", wrap: "rush -j 4 '%s {}'", miss: "rush -j 4 'gzip {}' -i %s"},
	{prog: "find", wrap: "find . -maxdepth 0 -exec %s ';'", miss: "find . -name %s"},
	{prog: "watch", wrap: "watch -n 5 '%s'", miss: "watch -n %s"},
	{prog: "watch", wrap: "watch -x %s", miss: "echo watch -x %s"},
	{prog: "entr", wrap: "entr -s '%s'", miss: "echo entr %s"},
	{prog: "nodemon", wrap: "nodemon --exec '%s'", miss: "nodemon --watch %s"},
	{prog: "git", wrap: "git rebase -i --exec '%s' main", miss: "git rebase --onto %s"},
	{prog: "git", wrap: "git bisect run %s", miss: "git bisect start %s"},
	{prog: "script", wrap: "script -q -c '%s' /dev/null", miss: "script -q %s"},
	{prog: "script", wrap: "script -q /dev/null %s", miss: "script -a -t 0 %s"},
	{prog: "at", wrap: "echo '%s' | at now + 1 hour", miss: "at -l %s"},
	{prog: "batch", wrap: "printf '%%s\\n' '%s' | batch", miss: "at -c %s"},
	{prog: "concurrently", wrap: "concurrently -n a '%s'", miss: "concurrently -n %s"},
	{prog: "hyperfine", wrap: "hyperfine -w 1 '%s'", miss: "hyperfine --export-json %s"},
	{prog: "watchexec", wrap: "watchexec -e go -- %s", miss: "watchexec -w %s"},
	// shells and interpreters
	{prog: "bash", wrap: "bash -c '%s'", miss: "bash script.sh %s"},
	{prog: "bash", wrap: "bash -euo pipefail -c '%s'", miss: "bash -o %s"},
	{prog: "sh", wrap: "sh -lc '%s'", miss: "sh -n script.sh %s"},
	{prog: "zsh", wrap: "zsh --login -c '%s'", miss: "zsh script.zsh %s"},
	{prog: "dash", wrap: "dash -ec '%s'", miss: "dash script.sh %s"},
	{prog: "ksh", wrap: "ksh -c '%s'", miss: "ksh script.sh %s"},
	{prog: "fish", wrap: "fish -c '%s'", miss: "fish script.fish %s"},
	{prog: "eval", wrap: "eval '%s'", miss: "echo eval '%s'"},
	{prog: "busybox", wrap: "busybox sh -c '%s'", miss: "busybox echo %s"},
	{prog: "node", wrap: `node -e "require('child_process').execSync('%s')"`, miss: `node -e "console.log('%s')"`},
	{prog: "python3", wrap: `python3 -c "import os; os.system('%s')"`, miss: `python3 -c "print('%s')"`},
	{prog: "perl", wrap: `perl -e 'system("%s")'`, miss: `perl -e 'print("%s")'`},
	{prog: "perl", wrap: `perl -e 'exec "%s"'`, miss: `perl -e 'print "%s"'`},
	{prog: "ruby", wrap: `ruby -e 'system("%s")'`, miss: `ruby -e 'puts("%s")'`},
	{prog: "php", wrap: `php -r 'system("%s");'`, miss: `php -r 'echo("%s");'`},
	// package runners
	{prog: "npx", wrap: "npx -y %s", miss: "npx -p %s"},
	{prog: "npx", wrap: "npx cross-env@7 CI=1 %s", miss: "npx cowsay -f %s"},
	{prog: "pnpm", wrap: "pnpm dlx dotenv-cli -e .env -- %s", miss: "pnpm dlx cowsay %s"},
	{prog: "pnpm", wrap: "pnpm dlx %s", miss: "pnpm add %s"},
	{prog: "pnpm", wrap: "pnpm --package=cowsay dlx %s", miss: "pnpm --package %s"},
	{prog: "pnpm", wrap: "pnpm exec %s", miss: "pnpm view %s"},
	{prog: "yarn", wrap: "yarn dlx %s", miss: "yarn add %s"},
	{prog: "yarn", wrap: "yarn exec %s", miss: "yarn info %s"},
	{prog: "bunx", wrap: "bunx %s", miss: "echo bunx %s"},
	{prog: "bun", wrap: "bun x %s", miss: "bun add %s"},
	{prog: "npm", wrap: "npm exec -- %s", miss: "npm install %s"},
	{prog: "uvx", wrap: "uvx %s", miss: "uvx --from %s"},
	{prog: "uv", wrap: "uv run --with x %s", miss: "uv add %s"},
	{prog: "uv", wrap: "uv tool run %s", miss: "uv tool install %s"},
	{prog: "pipx", wrap: "pipx run %s", miss: "pipx install %s"},
	{prog: "yarn", wrap: "yarn %s", miss: "yarn add %s"},
	{prog: "yarn", wrap: "yarn run %s", miss: "yarn why %s"},
	// `pnpm rm` is pnpm's own remove: the rm spelling does not apply
	{prog: "pnpm", wrap: "pnpm %s", miss: "pnpm remove %s", deny: "-"},
	{prog: "bun", wrap: "bun run %s", miss: "bun remove %s"},
	{prog: "poetry", wrap: "poetry run %s", miss: "poetry add %s"},
	{prog: "pipenv", wrap: "pipenv run %s", miss: "pipenv install %s"},
	{prog: "hatch", wrap: "hatch run %s", miss: "hatch env %s"},
	{prog: "hatch", wrap: "hatch run dev:%s", miss: "hatch env create dev:%s"},
	{prog: "hatch", wrap: "hatch -e dev run %s", miss: "hatch -e %s"},
	{prog: "pdm", wrap: "pdm run -p . %s", miss: "pdm add %s"},
	{prog: "conda", wrap: "conda run -n dev %s", miss: "conda install %s"},
	{prog: "volta", wrap: "volta run --node 20 %s", miss: "volta install %s"},
	{prog: "corepack", wrap: "corepack %s", miss: "corepack enable %s"},
	{prog: "spawn", wrap: "spawn -noecho %s", miss: "echo spawn %s"},
	{prog: "expect", wrap: "expect -c 'spawn %s; expect eof'", miss: "expect -f %s"},
	// deno runs a script or an npm: spec, not a command: rm and
	// launch-runtime have no npm: spelling.
	{prog: "deno", red: "deno run -A npm:@anthropic-ai/claude-code -p x", gated: "-", deny: "-", miss: "deno run -A npm:cowsay %s"},
	// containers and remotes
	{prog: "docker", wrap: "docker run --rm -it -v /a:/b img %s", miss: "docker pull %s"},
	{prog: "docker", wrap: "docker exec -it box %s", miss: "docker logs %s"},
	{prog: "docker", wrap: "docker compose run --rm svc %s", miss: "docker compose logs %s"},
	{prog: "docker", wrap: "docker compose exec svc %s", miss: "docker compose -f %s"},
	{prog: "docker", wrap: "docker sandbox run --name box %s", miss: "docker sandbox ls %s"},
	{prog: "docker", wrap: "docker sandbox exec -it box %s", miss: "docker sandbox rm %s"},
	{prog: "docker-compose", wrap: "docker-compose run --rm svc %s", miss: "docker-compose logs %s"},
	{prog: "sbx", wrap: "sbx run --template img --name box %s", miss: "sbx ls %s"},
	{prog: "sbx", wrap: "sbx create %s", miss: "sbx rm %s"},
	{prog: "podman", wrap: "podman run img %s", miss: "podman images %s"},
	{prog: "kubectl", wrap: "kubectl exec -it pod -- %s", miss: "kubectl exec pod %s"},
	{prog: "kubectl", wrap: "kubectl run x --image=i -- %s", miss: "kubectl logs %s"},
	{prog: "kubectl", wrap: "kubectl debug pod -it --image=i -- %s", miss: "kubectl get %s"},
	{prog: "ssh", wrap: "ssh -p 22 host %s", miss: "ssh -l %s"},
	{prog: "devcontainer", wrap: "devcontainer exec --workspace-folder . %s", miss: "devcontainer up %s"},
	{prog: "toolbox", wrap: "toolbox run -c box %s", miss: "toolbox create %s"},
	{prog: "distrobox", wrap: "distrobox enter box -- %s", miss: "distrobox enter %s"},
	{prog: "distrobox-enter", wrap: "distrobox-enter box -- %s", miss: "distrobox-enter %s"},
	{prog: "wsl", wrap: "wsl -d Ubuntu %s", miss: "wsl -d %s"},
	{prog: "wsl", wrap: "wsl -e %s", miss: "wsl --cd %s"},
	{prog: "mosh", wrap: "mosh --ssh='ssh -p 2222' dev@host -- %s", miss: "mosh %s"},
	{prog: "gcloud", wrap: "gcloud compute ssh vm --zone z --command '%s'", miss: "gcloud compute scp %s"},
	{prog: "gcloud", wrap: "gcloud compute ssh vm --tunnel-through-iap -- %s", miss: "gcloud compute ssh --zone %s"},
	{prog: "gh", wrap: "gh codespace ssh -c cs -- %s", miss: "gh codespace list %s"},
	{prog: "vagrant", wrap: "vagrant ssh default -c '%s'", miss: "vagrant ssh %s"},
	{prog: "fly", wrap: "fly ssh console -a app -C '%s'", miss: "fly ssh console -a %s"},
	{prog: "ansible", wrap: "ansible all -i hosts -m shell -a '%s'", miss: "ansible all -m %s"},
	{prog: "incus", wrap: "incus exec box --cwd /w -- %s", miss: "incus exec %s"},
	{prog: "lxc-attach", wrap: "lxc-attach -n box -- %s", miss: "lxc-attach -n %s"},
	{prog: "limactl", wrap: "limactl shell default %s", miss: "limactl shell %s"},
	{prog: "lima", wrap: "lima %s", miss: "echo lima %s"},
	{prog: "multipass", wrap: "multipass exec vm -- %s", miss: "multipass exec %s"},
	{prog: "az", wrap: "az vm run-command invoke -g rg -n vm --command-id RunShellScript --scripts '%s'", miss: "az vm run-command invoke -g %s"},
	{prog: "bundle", wrap: "bundle exec %s", miss: "bundle install %s"},
	{prog: "aws", wrap: "aws ssm send-command --document-name AWS-RunShellScript --targets Key=tag:role,Values=agent --parameters 'commands=[\"%s\"]'", miss: "aws ssm list-commands %s"},
	{prog: "aws", wrap: "aws ssm send-command --instance-ids i-1 --parameters commands='%s'", miss: "aws ssm send-command --comment %s"},
	// terminals
	{prog: "tmux", wrap: "tmux new-session -d '%s'", miss: "tmux display-message '%s'"},
	{prog: "tmux", wrap: "tmux new-window -n w '%s'", miss: "tmux rename-window '%s'"},
	{prog: "tmux", wrap: "tmux split-window -h '%s'", miss: "tmux select-pane '%s'"},
	{prog: "tmux", wrap: "tmux respawn-pane -k '%s'", miss: "tmux kill-pane '%s'"},
	{prog: "tmux", wrap: "tmux send-keys -t s '%s' Enter", miss: "tmux set-buffer '%s'"},
	{prog: "screen", wrap: "screen -dmS s %s", miss: "screen -r %s"},
	{prog: "x-terminal-emulator", wrap: "x-terminal-emulator -e %s", miss: "x-terminal-emulator -T %s"},
	{prog: "gnome-terminal", wrap: "gnome-terminal -- %s", miss: "gnome-terminal --title %s"},
	{prog: "konsole", wrap: "konsole -e %s", miss: "konsole --profile %s"},
	{prog: "xterm", wrap: "xterm -e %s", miss: "xterm -title %s"},
	{prog: "alacritty", wrap: "alacritty -e %s", miss: "alacritty --title %s"},
	{prog: "kitty", wrap: "kitty %s", miss: "kitty -T %s"},
	{prog: "wezterm", wrap: "wezterm start -- %s", miss: "wezterm ls-fonts %s"},
	// Windows
	{prog: "cmd", wrap: "cmd /c %s", miss: "cmd /c echo %s"},
	{prog: "cmd", wrap: "cmd.exe /k %s", miss: "cmd.exe /k echo %s"},
	{prog: "start", wrap: "start /b %s", miss: "start /d %s"},
	{prog: "powershell", wrap: "powershell -NoProfile -Command '%s'", miss: "powershell -File %s"},
	{prog: "pwsh", wrap: "pwsh -c '%s'", miss: "pwsh -File %s"},
}

func spell(override, wrap, inner string) string {
	if override != "" {
		return override
	}
	return strings.ReplaceAll(fmt.Sprintf(wrap, inner), "%%", "%")
}

// scan runs the scanner's shell detector on one line.
func scan(t *testing.T, src string) []scanner.Finding {
	t.Helper()
	fs, _, err := driver.ScanBytes("t.sh", []byte(src+"\n"), false, scanner.DefaultConfig(),
		scanner.Suite{Detectors: []scanner.Detector{shell.New()}, Shell: shell.New()})
	require.NoError(t, err)
	return fs
}

func verdicts(fs []scanner.Finding) (red, gated bool) {
	for _, f := range fs {
		if !f.IsLaunch() {
			continue
		}
		red = red || f.Verdict == scanner.VerdictRed
		gated = gated || f.Verdict == scanner.VerdictGated
	}
	return red, gated
}

// policy is the default policy bound to a temporary tree.
func policy(t *testing.T) *gate.Policy {
	root := t.TempDir()
	for _, d := range []string{"bin", "run", "etc", "cfg", "home"} {
		require.NoError(t, os.MkdirAll(filepath.Join(root, d), 0o755))
	}
	no := false
	p, err := gate.DefaultPolicy().WithEnv(gate.Env{
		Hook: filepath.Join(root, "bin", "mutator-gate"), Settings: []string{filepath.Join(root, "cfg", "settings.json")},
		PiExtension: filepath.Join(root, "ext", "gate.ts"), SocketDir: filepath.Join(root, "run"),
		Policy: filepath.Join(root, "etc", "policy.yaml"), Home: filepath.Join(root, "home"), FoldCase: &no,
	})
	require.NoError(t, err)
	return p
}

// denied evaluates a Bash call under a verified lease.
func denied(t *testing.T, p *gate.Policy, cmd string) bool {
	in, err := json.Marshal(map[string]string{"command": cmd})
	require.NoError(t, err)
	_, ok := gate.Enforced(p.Evaluate(gate.Call{Runtime: "claude", Tool: "Bash", Input: in, Cwd: "/tmp", Verified: true, Session: "s"}))
	return ok
}

// TestEverySpellingThroughBothUsers: every family spelling reaches the
// scanner (RED when it wraps claude, gated when it wraps launch-runtime)
// and the gate (rm -rf / denied under a lease); its near miss stays green
// and allowed.
func TestEverySpellingThroughBothUsers(t *testing.T) {
	pol := policy(t)
	for _, tc := range spellings {
		t.Run(tc.prog+"/"+strings.Fields(spell(tc.red, tc.wrap, ""))[0], func(t *testing.T) {
			_, ok := cmdline.Lookup(tc.prog)
			require.True(t, ok, "%s is not in the table", tc.prog)
			if src := spell(tc.red, tc.wrap, innerRed); src != "-" {
				red, _ := verdicts(scan(t, src))
				assert.True(t, red, "scanner: %q is not RED", src)
			}
			if src := spell(tc.gated, tc.wrap, innerGated); src != "-" {
				fs := scan(t, src)
				red, gated := verdicts(fs)
				assert.True(t, gated && !red, "scanner: %q is not gated: %v", src, fs)
			}
			if src := spell(tc.deny, tc.wrap, innerRm); src != "-" {
				assert.True(t, denied(t, pol, src), "gate: %q is allowed under a lease", src)
			}
			src := spell("", tc.miss, innerRed)
			red, _ := verdicts(scan(t, src))
			assert.False(t, red, "scanner: near miss %q is RED", src)
			src = spell("", tc.miss, innerRm)
			assert.False(t, denied(t, pol, src), "gate: near miss %q is denied", src)
		})
	}
}

// TestEveryFamilyHasASpelling: a program added to a family of the table
// comes with a row above.
func TestEveryFamilyHasASpelling(t *testing.T) {
	rows := map[*cmdline.Spec]bool{}
	for _, tc := range spellings {
		s, ok := cmdline.Lookup(tc.prog)
		require.True(t, ok, tc.prog)
		rows[s] = true
	}
	for _, f := range cmdline.Table {
		for _, s := range f.Specs {
			if !rows[s] && !untested[s.Names[0]] {
				t.Errorf("%s (%s) has no row in spellings", s.Names[0], f.Name)
			}
		}
	}
}

// untested are entries kept from the old tables whose spelling is the same
// as a row above (an alias family) or that run nothing a row can show.
var untested = map[string]bool{
	// source FILE runs a file, which is scanned where it lives: nothing of
	// the argv is a command.
	"source": true,
}

// TestStdinThroughBothUsers: a here-document given to a command that
// reads its script from stdin is shell to both users (the scanner finds
// the launch in it, the gate denies rm -rf / in it); given to one that
// does not, it is data to both.
func TestStdinThroughBothUsers(t *testing.T) {
	pol := policy(t)
	heredoc := func(cmd, body string) string { return cmd + " <<'EOF'\n" + body + "\nEOF" }
	for _, tc := range []struct {
		cmd   string
		shell bool
	}{
		{"bash", true},
		{"sudo -iu agent", true},
		{"su - agent", true},
		{"runuser -l agent", true},
		{"ssh -i key.pem host", true},
		{"ssh host bash", true},
		{"ssh host 'cd /srv && exec bash'", true},
		{"docker exec -i box sh", true},
		{"env -i bash --norc", true},
		{"ssh host uptime", false},
		{"sudo -u agent tee /etc/x", false},
		{"bash ./setup.sh", false},
		{"ssh host bash -c true", false},
		{"at now + 1 hour", true},
		{"at -q b 23:00 tomorrow", true},
		{"at -f job.sh now", false},
	} {
		t.Run(tc.cmd, func(t *testing.T) {
			red, _ := verdicts(scan(t, heredoc(tc.cmd, innerRed)))
			assert.Equal(t, tc.shell, red, "scanner: RED")
			assert.Equal(t, tc.shell, denied(t, pol, heredoc(tc.cmd, innerRm)), "gate: denied")
		})
	}
}
