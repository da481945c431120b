#!/bin/bash
# Near miss of untar_runtime_unknown_folder.sh: another package's
# archive extracted the same ways.
npm pack prettier
tar -xzf prettier-*.tgz -C "$1"
tar -xzf prettier-*.tgz --strip-components=1
