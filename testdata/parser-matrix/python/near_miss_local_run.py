# A local function named run is not subprocess.run.
def run(cmd):
    print(cmd)


run(["claude", "-p"])
