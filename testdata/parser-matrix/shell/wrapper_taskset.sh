# taskset with a mask runs the runtime.
taskset 0x3 pi --print hi # want "RED:direct-literal"
