package cmdline

import "strings"

// Deny by default: a program the table does not list may itself run a
// command given to it (a remote launcher, a project's own wrapper, a tool
// released after the table was written). Guess reads its arguments for
// what it may run, so that a caller can judge each possibility rather
// than take the program for one that runs nothing. Programs known to run
// nothing of their arguments (Inert: echo, grep, git's other commands,
// package installers, process look-ups) are not read.

// Guesses are the places in the arguments of an unlisted program where a
// command it may run starts.
type Guesses struct {
	// Starts are indices of words where an argv may start: the word after
	// the first "--" (`tool --host h -- claude -p x`). A bare word naming a
	// program among the operands is not one: `notify claude finished`
	// hands a name as data far more often than it runs it.
	Starts []int
	// Strings are indices of words that may be a string a shell runs:
	// one of the pieces of its crude shell reading (split at ; & | ( )
	// and newlines) is, behind any wrapper of the table, a command that
	// names a program, with more words after it (`tool -C 'cd r &&
	// claude -p x'`).
	Strings []int
}

// maxGuessWords bounds the words of one argv read for guesses.
const maxGuessWords = 256

// Guess reads the arguments of argv[0], a program the table does not list
// and that is not Inert, for what it may run (Guesses); names says which
// program names matter to the caller (a runtime's). It returns nothing for
// a listed, inert or unknown program: the table says what those run.
func Guess(argv []Word, names func(string) bool) Guesses {
	var g Guesses
	if len(argv) < 2 || !argv[0].Known || lookup(argv[0].Text) != nil || Inert(argv[0].Text) {
		return g
	}
	dashdash := false
	for j := 1; j < len(argv) && j < maxGuessWords; j++ {
		w := argv[j]
		if !w.Known {
			continue
		}
		switch {
		case w.Text == "--" && !dashdash:
			dashdash = true
			if j+1 < len(argv) {
				g.Starts = append(g.Starts, j+1)
			}
		case strings.ContainsAny(w.Text, " \t\n") && stringRuns(w.Text, names):
			g.Strings = append(g.Strings, j)
		}
	}
	return g
}

// maxGuessPieces bounds the pieces of one string read by stringRuns.
const maxGuessPieces = 32

// stringRuns reports whether a piece of text's crude shell reading is a
// command naming a program names knows, with more words after it.
func stringRuns(text string, names func(string) bool) bool {
	for k, piece := range strings.FieldsFunc(text, isSeparator) {
		if k == maxGuessPieces {
			return false
		}
		words := textWords(piece)
		for len(words) > 0 && words[0].Known && isAssignment(words[0].Text) {
			words = words[1:]
		}
		if len(words) < 2 {
			continue
		}
		for _, in := range UnwrapDepth(words, MaxDepth).Inners {
			if in.Kind == KindArgv && in.Start >= 0 && in.End-in.Start >= 2 && words[in.Start].Known && commandLike(words[in.Start].Text) && names(words[in.Start].Text) {
				return true
			}
		}
	}
	return false
}

// commandLike reports a word written as a command is: a bare name or a
// path from the root, the home or the current folder (not the middle of
// a sed expression, s/claude -p/x/).
func commandLike(w string) bool {
	if !strings.ContainsRune(w, '/') {
		return true
	}
	for _, p := range []string{"/", "./", "../", "~/"} {
		if strings.HasPrefix(w, p) {
			return true
		}
	}
	return false
}

// inert are programs known to run nothing of their arguments: output,
// search, files, look-ups of programs and processes, package installers,
// version control, services' control and logs. (The judge reads the
// wrapper's own command line itself; a caller leaves it out.)
var inert = func() map[string]bool {
	m := map[string]bool{}
	for _, n := range strings.Fields(`echo printf print puts logger notify-send say wall write dialog whiptail zenity kdialog terminal-notifier
		grep egrep fgrep rg ag ack zgrep git hg svn
		cat tac head tail less more wc sort uniq cut tr sed paste column fold fmt nl od xxd hexdump strings base64 sha256sum md5sum jq yq
		test [ [[ true false which type hash whereis whence man info tldr apropos whatis help
		ls ll stat file touch mkdir rmdir rm cp mv ln install chmod chown chgrp realpath readlink basename dirname mktemp du df tree
		tar zip unzip gzip gunzip xz bzip2 zstd rsync scp sftp curl wget http ping host dig nslookup nc
		kill killall pkill pgrep pidof ps top htop btop pstree lsof fuser
		brew apt apt-get apt-cache aptitude dpkg dnf yum rpm apk pacman zypper port snap flatpak nix-env pip pip3 gem cargo go rustup
		systemctl service journalctl launchctl sc
		export declare typeset local readonly unset set shift return exit read getopts sleep wait date seq yes expr let cd pushd popd umask ulimit`) {
		m[n] = true
	}
	return m
}()

// Inert reports whether a program is known to run nothing of its
// arguments (Guess does not read them).
func Inert(name string) bool {
	return inert[progName(name)]
}
