package tsjs

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestMayInject: a registration form is a hint, a name alone is not
// (tslib's __runInitializers in typescript's tsc.js).
func TestMayInject(t *testing.T) {
	for src, want := range map[string]bool{
		`container.register(T, { useValue: "claude" })`:              true,
		`{ provide: BIN, useFactory: () => cfg.bin }`:                true,
		`container.registerInstance(T, "pi")`:                        true,
		`bind(T).toConstantValue ("claude")`:                         true,
		`bind(T).toDynamicValue(() => x)`:                            true,
		`var useValue = arguments.length > 2;`:                       false,
		`value = useValue ? initializers[i].call(thisArg) : void 0;`: false,
		`return useValue ? value : void 0;`:                          false,
	} {
		assert.Equal(t, want, mayInject([]byte(src)), src)
	}
}
