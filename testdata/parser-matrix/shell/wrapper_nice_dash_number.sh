# nice -5 (old form) runs the runtime.
nice -5 claude -p hi # want "RED:direct-literal"
