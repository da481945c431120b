# npx claude resolves the runtime's bin.
npx claude -p hi # want "RED:package-runner"
