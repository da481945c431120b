# A default that is not a runtime is clean.
${EDITOR:-vi} notes.txt
