# String methods over a literal: modelled ones are computed, an unmodelled
# one keeps the literal's text as a possibility (issue 15).
import base64
import codecs
import subprocess

subprocess.run(["claude".upper().lower(), "-p"])  # want "RED:process-api"
subprocess.run(["CLAUDE".lower(), "-p"])  # want "RED:process-api"
subprocess.run(["Claude".casefold(), "-p"])  # want "RED:process-api"
subprocess.run(["cl@ude".replace("@", "a"), "-p"])  # want "RED:process-api"
subprocess.run(["xclaude".removeprefix("x"), "-p"])  # want "RED:process-api"
subprocess.run(["{}".format("claude"), "-p"])  # want "RED:process-api"
subprocess.run(["edualc"[::-1], "-p"])  # want "RED:process-api"
subprocess.run(["".join(reversed("edualc")), "-p"])  # want "RED:process-api"
subprocess.run(["claude".zfill(2), "-p"])  # want "RED:process-api"
subprocess.run([str.lower("CLAUDE"), "-p"])  # want "RED:process-api"
subprocess.run([f"{'claude'}", "-p"])  # want "RED:process-api"
subprocess.run([f"{'CLAUDE'.lower()}", "-p"])  # want "RED:process-api"
subprocess.run([base64.b64decode("Y2xhdWRl").decode(), "-p"])  # want "RED:process-api"
subprocess.run([codecs.decode("pynhqr", "rot13"), "-p"])  # want "RED:process-api"
subprocess.run(["".join(map(chr, [99, 108, 97, 117, 100, 101])), "-p"])  # want "RED:process-api"
subprocess.run([bytes([99, 108, 97, 117, 100, 101]).decode(), "-p"])  # want "RED:process-api"
subprocess.run(["claude-code"[:6], "-p"])  # want "RED:process-api"
