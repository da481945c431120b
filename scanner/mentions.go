package scanner

// ConfigMentioner is a Linker whose importers may name a module by a name
// the repository's configuration gives it (TS/JS: a tsconfig `paths`
// alias such as `@lib` for src/lib/index.ts, a `baseUrl`-relative path, a
// workspace package's name), which the module's own path need not hold.
// MentionsIn is Mentions with those names added; the driver asks it in
// place of Mentions, so phase two's search for a helper's callers finds
// the files that import it under an alias.
type ConfigMentioner interface {
	MentionsIn(rel string, repo Files) [][]byte
}
