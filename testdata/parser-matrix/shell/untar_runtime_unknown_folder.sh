#!/bin/bash
# Extracting a runtime's packed archive into a folder the scan cannot
# read, or with --strip-components into the current folder, makes a
# copy under a name found at run time: reported at the tar, never
# dropped. Near miss: near_miss_untar_runtime_unknown_folder.sh.
npm pack @anthropic-ai/claude-code
tar -xzf anthropic-ai-claude-code-*.tgz -C "$1" # want "RED:dynamic"
tar -xzf anthropic-ai-claude-code-*.tgz --strip-components=1 # want "RED:dynamic"
