# npx of pi's package.
npx --yes @mariozechner/pi-coding-agent # want "RED:package-runner"
