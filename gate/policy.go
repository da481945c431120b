package gate

// Policy is a loaded, validated policy bound to an Env. It is immutable and
// safe for concurrent use.
type Policy struct {
	// TODO: filled in by the loader.
	profiles map[string][]string
}

// LoadPolicy reads and validates a policy file. Unknown keys, bad patterns
// and unknown placeholders are errors (*PolicyError) naming the line.
func LoadPolicy(path string) (*Policy, error) {
	return nil, nil
}

// DefaultPolicy returns the shipped default policy, bound to an Env derived
// from the process (home folder only).
func DefaultPolicy() *Policy {
	return &Policy{}
}

// Profile returns the tools of a named allow-list profile.
func (p *Policy) Profile(name string) ([]string, bool) {
	t, ok := p.profiles[name]
	return append([]string(nil), t...), ok
}

// Evaluate returns every rule that denies c, enforced and shadow, in policy
// order. An empty result means the policy has no objection.
func (p *Policy) Evaluate(c Call) []Decision {
	return nil
}
