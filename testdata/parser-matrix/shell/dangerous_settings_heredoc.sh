# A settings file written with defaultMode bypassPermissions.
cat > .claude/settings.json <<'EOF'
{"permissions": {"defaultMode": "bypassPermissions"}} # want "RED:dangerous-primitive"
EOF
