#!/usr/bin/env python3
"""Generate the mixed-language tree for bench/mixed/run.sh.

usage: gen.py OUT_DIR [FILES]

Writes FILES files (default 24000) spread over package folders: TypeScript
(.ts/.tsx), JavaScript (.js/.mjs/.cjs), Python, shell, JSON and YAML, with
realistic sizes (mostly 1-8 KB, some tens of KB, two 1 MB minified
bundles). A few per cent of the TS/JS and Python files use a process API;
some of those launch the runtime. The output is the same for the same
arguments (seeded).
"""
import os
import random
import sys

out = sys.argv[1]
total = int(sys.argv[2]) if len(sys.argv) > 2 else 24000
rnd = random.Random(42)

TS_FUNC = """
export interface Record{i} {{
  id: number;
  name: string;
  tags: string[];
  createdAt: Date;
}}

export async function load{i}(dir: string): Promise<Record{i}[]> {{
  const raw = await fs.promises.readFile(path.join(dir, 'records-{i}.json'), 'utf8');
  const items: Record{i}[] = JSON.parse(raw);
  return items
    .filter((it) => it.tags.includes('batch-{i}'))
    .map((it) => ({{ ...it, name: it.name.trim(), createdAt: new Date(it.createdAt) }}));
}}

export class Cache{i}<T> {{
  private readonly map = new Map<string, T>();
  get(key: string): T | undefined {{
    return this.map.get(key);
  }}
  set(key: string, value: T): void {{
    if (this.map.size > {n}) this.map.clear();
    this.map.set(key, value);
  }}
}}
"""

TSX_COMPONENT = """
export function Card{i}({{ title, items }}: {{ title: string; items: string[] }}) {{
  const [open, setOpen] = useState(false);
  return (
    <section className="card-{i}">
      <h2 onClick={{() => setOpen(!open)}}>{{title}}</h2>
      {{open && <ul>{{items.map((it) => <li key={{it}}>{{it}}</li>)}}</ul>}}
    </section>
  );
}}
"""

JS_FUNC = """
function handler{i}(req, res) {{
  const id = Number(req.params.id);
  if (!Number.isFinite(id)) {{
    res.status(400).json({{ error: 'bad id {i}' }});
    return;
  }}
  db.query('select * from items where id = $1', [id])
    .then((rows) => res.json(rows.map((r) => ({{ ...r, score: r.score * {n} }}))))
    .catch((err) => res.status(500).json({{ error: String(err) }}));
}}
module.exports.handler{i} = handler{i};
"""

PY_FUNC = '''

@dataclass
class Record{i}:
    id: int
    name: str
    tags: list[str]


def load_{i}(folder: str) -> list[Record{i}]:
    """Load the records of batch {i} from folder."""
    with open(os.path.join(folder, "records-{i}.json")) as fh:
        raw = json.load(fh)
    return [Record{i}(**r) for r in raw if "batch-{i}" in r.get("tags", [])]


def score_{i}(records: list[Record{i}]) -> float:
    total = sum(len(r.name) * {n} for r in records)
    return total / max(len(records), 1)
'''

TS_LAUNCHES = [
    "export const run{i} = (prompt: string) => spawn('claude', ['-p', prompt], {{ stdio: 'inherit' }});\n",
    "export const gated{i} = (prompt: string) =>\n  spawn('launch-runtime', ['--runtime', 'claude', '--', '-p', prompt]);\n",
    "export const git{i} = () => execFile('git', ['log', '-n', '{n}']);\n",
    "export const sh{i} = () => exec(`npm run build --workspace pkg-{i}`);\n",
]
PY_LAUNCHES = [
    "\n\ndef run_{i}(prompt):\n    return subprocess.run([\"claude\", \"-p\", prompt], check=True)\n",
    "\n\ndef gated_{i}(prompt):\n    return subprocess.run([\"launch-runtime\", \"--runtime\", \"claude\", \"--\", \"-p\", prompt])\n",
    "\n\ndef git_{i}():\n    return subprocess.check_output([\"git\", \"rev-parse\", \"HEAD\"]).decode()\n",
    "\n\ndef build_{i}():\n    os.system(\"make -j{n} build\")\n",
]

SH = """#!/usr/bin/env bash
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
log() {{ printf '[%s] %s\\n' "$(date +%H:%M:%S)" "$*" >&2; }}
for f in src/*.ts; do
  [ -f "$f" ] || continue
  npx prettier --check "$f" || fail=1
done
case "${{1:-}}" in
  build) npm run build ;;
  test) npm test -- --shard={i} ;;
  *) echo "usage: $0 build|test" >&2; exit 2 ;;
esac
"""
SH_LAUNCH = 'claude -p "triage batch {i}"\n'

JSON = """{{
  "name": "pkg-{i}",
  "version": "1.{n}.0",
  "private": true,
  "scripts": {{"build": "tsc -p .", "test": "vitest run", "lint": "eslint src"}},
  "dependencies": {{"zod": "^3.23.0", "lodash": "^4.17.21"}},
  "files": [{files}]
}}
"""

YAML = """name: ci-{i}
on:
  push:
    branches: [main]
jobs:
  test:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - uses: actions/setup-node@v4
        with:
          node-version: 20
      - run: npm ci
      - run: npm test -- --shard={n}
"""


def size_factor():
    r = rnd.random()
    if r < 0.70:
        return rnd.randint(1, 4)
    if r < 0.97:
        return rnd.randint(5, 20)
    return rnd.randint(40, 80)


def write(rel, text):
    p = os.path.join(out, rel)
    os.makedirs(os.path.dirname(p), exist_ok=True)
    with open(p, "w") as fh:
        fh.write(text)


def ts_file(i, ext):
    head = "import * as fs from 'node:fs';\nimport * as path from 'node:path';\n"
    if ext == ".tsx":
        head += "import { useState } from 'react';\n"
    r = rnd.random()
    launches = []
    if r < 0.06:
        head += "import { spawn, exec, execFile } from 'node:child_process';\n"
        launches = [rnd.choice(TS_LAUNCHES) for _ in range(rnd.randint(1, 3))]
    body = []
    for j in range(size_factor()):
        body.append((TSX_COMPONENT if ext == ".tsx" and j % 2 else TS_FUNC).format(i=i * 100 + j, n=j + 7))
        if launches and j == 0:
            body.extend(l.format(i=i * 100 + j, n=j + 3) for l in launches)
    return head + "".join(body)


def js_file(i, ext):
    if ext == ".mjs":
        head = "import db from './db.mjs';\n"
    else:
        head = "const db = require('./db');\n"
    if rnd.random() < 0.06:
        head += "const { spawn, exec, execFile } = require('child_process');\n" if ext != ".mjs" else \
            "import { spawn, exec, execFile } from 'node:child_process';\n"
        extra = "".join(l.format(i=i, n=3).replace(": string", "") for l in rnd.sample(TS_LAUNCHES, 2))
        extra = extra.replace("export const", "const")
    else:
        extra = ""
    return head + extra + "".join(JS_FUNC.format(i=i * 100 + j, n=j + 2) for j in range(size_factor()))


def py_file(i):
    head = "import json\nimport os\nfrom dataclasses import dataclass\n"
    launches = ""
    if rnd.random() < 0.08:
        head += "import subprocess\n"
        launches = "".join(l.format(i=i, n=4) for l in rnd.sample(PY_LAUNCHES, 2))
    return head + launches + "".join(PY_FUNC.format(i=i * 100 + j, n=j + 2) for j in range(size_factor()))


def bundle(n):
    parts = ['"use strict";var e=require("child_process"),t=require("fs");']
    i = 0
    size = len(parts[0])
    while size < n:
        s = ("function f%d(n,r){var o=n+r*%d;if(o>3){return[o,\"s%d\",{a:o,b:[1,2,3]}]}"
             "return n.map(function(u){return u+o})}" % (i, i, i))
        parts.append(s)
        size += len(s)
        i += 1
    parts.append('e.execFileSync("git",["status"]);')
    return "".join(parts)


kinds = [(".ts", 26), (".tsx", 4), (".js", 10), (".mjs", 3), (".cjs", 2), (".py", 25), (".sh", 10), (".json", 12), (".yaml", 8)]
weights = [w for _, w in kinds]
for i in range(total - 2):
    ext = rnd.choices([k for k, _ in kinds], weights)[0]
    pkg = "packages/pkg%03d" % (i % 400)
    if ext in (".ts", ".tsx"):
        write("%s/src/mod%d%s" % (pkg, i, ext), ts_file(i, ext))
    elif ext in (".js", ".mjs", ".cjs"):
        write("%s/lib/mod%d%s" % (pkg, i, ext), js_file(i, ext))
    elif ext == ".py":
        write("%s/py/mod_%d.py" % (pkg, i), py_file(i))
    elif ext == ".sh":
        write("%s/scripts/task%d.sh" % (pkg, i), SH.format(i=i) + (SH_LAUNCH.format(i=i) if rnd.random() < 0.05 else ""))
    elif ext == ".json":
        files = ", ".join('"dist/f%d.js"' % k for k in range(size_factor() * 20))
        write("%s/config/c%d.json" % (pkg, i), JSON.format(i=i, n=i % 50, files=files))
    else:
        write("%s/ci/w%d.yaml" % (pkg, i), YAML.format(i=i, n=i % 9) * size_factor())
write("actions/one/dist/index.js", bundle(1 << 20))
write("actions/two/dist/index.js", bundle(1 << 20))
