package lease

import "errors"

// Errors returned by Table operations; check them with errors.Is.
var (
	ErrUnknownSession     = errors.New("unknown session")
	ErrGenerationMismatch = errors.New("generation mismatch")
	ErrUnknownRuntime     = errors.New("unknown runtime")
	ErrNotPending         = errors.New("session is not pending verification")
	ErrTokenRefused       = errors.New("promotion token refused")
	ErrBindingMismatch    = errors.New("binding does not match the verification cycle")
	ErrTTLInvalid         = errors.New("ttl must be positive")
	ErrGateNeverSeen      = errors.New("the session's gate has never called in")
	ErrBadAllowList       = errors.New("bad allow-list")
)
