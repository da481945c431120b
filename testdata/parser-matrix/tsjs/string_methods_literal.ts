// String methods over a literal: modelled ones are computed, an unmodelled
// one keeps the literal's text as a possibility (issue 15).
import { spawn } from 'child_process';

spawn("CLAUDE".toLowerCase(), ["-p"]); // want "RED:process-api"
spawn("claude".toUpperCase().toLowerCase(), ["-p"]); // want "RED:process-api"
spawn("  claude ".trim(), ["-p"]); // want "RED:process-api"
spawn("cl@ude".replace("@", "a"), ["-p"]); // want "RED:process-api"
spawn("cl@u@e".replaceAll("@", "d").replace("d", "a"), ["-p"]); // want "RED:process-api"
spawn(String.raw`claude`, ["-p"]); // want "RED:process-api"
spawn(`${"claude"}`, ["-p"]); // want "RED:process-api"
spawn("edualc".split("").reverse().join(""), ["-p"]); // want "RED:process-api"
spawn([..."edualc"].reverse().join(""), ["-p"]); // want "RED:process-api"
spawn(String.fromCharCode(99, 108, 97, 117, 100, 101), ["-p"]); // want "RED:process-api"
spawn(atob("Y2xhdWRl"), ["-p"]); // want "RED:process-api"
spawn(Buffer.from("Y2xhdWRl", "base64").toString(), ["-p"]); // want "RED:process-api"
spawn("claude-code".slice(0, 6), ["-p"]); // want "RED:process-api"
spawn("xclaude".substring(1), ["-p"]); // want "RED:process-api"
spawn("claude".padEnd(2), ["-p"]); // want "RED:process-api"
spawn("cla".concat("ude"), ["-p"]); // want "RED:process-api"
spawn("claude".toLocaleLowerCase(), ["-p"]); // want "RED:process-api"
