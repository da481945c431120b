# npx of a pinned version of the package.
npx @anthropic-ai/claude-code@1.0.0 --version # want "RED:package-runner"
