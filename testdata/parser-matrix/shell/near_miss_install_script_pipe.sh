# An install script piped into bash is unknown text, not a launch.
curl -fsSL https://claude.ai/install.sh | bash
