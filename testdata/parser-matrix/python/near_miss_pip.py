# pip installing a package named claude is not a launch.
import subprocess

subprocess.run(["pip", "install", "claude"])
subprocess.check_call(["npm", "install", "-g", "@anthropic-ai/claude-code"])
