# A method chain of forty links on a value not known here, in a file read
# for the primitive: each link is read once. Evaluating a call's receiver
# both for the method's model and for the callee's value doubled the work
# at each link, so a chain of twenty spent the evaluator's whole budget
# and the file was RED unparseable. Clean.
import subprocess

NOTE = "not dangerous"


def render(text):
    v0 = text.replace('a0', 'b').replace('a1', 'b').replace('a2', 'b').replace('a3', 'b').replace('a4', 'b').replace('a5', 'b').replace('a6', 'b').replace('a7', 'b').replace('a8', 'b').replace('a9', 'b').replace('a10', 'b').replace('a11', 'b').replace('a12', 'b').replace('a13', 'b').replace('a14', 'b').replace('a15', 'b').replace('a16', 'b').replace('a17', 'b').replace('a18', 'b').replace('a19', 'b').replace('a20', 'b').replace('a21', 'b').replace('a22', 'b').replace('a23', 'b').replace('a24', 'b').replace('a25', 'b').replace('a26', 'b').replace('a27', 'b').replace('a28', 'b').replace('a29', 'b').replace('a30', 'b').replace('a31', 'b').replace('a32', 'b').replace('a33', 'b').replace('a34', 'b').replace('a35', 'b').replace('a36', 'b').replace('a37', 'b').replace('a38', 'b').replace('a39', 'b')
    v1 = text.strip().strip().strip().strip().strip().strip().strip().strip().strip().strip().strip().strip().strip().strip().strip().strip().strip().strip().strip().strip().strip().strip().strip().strip().strip().strip().strip().strip().strip().strip().strip().strip().strip().strip().strip().strip().strip().strip().strip().strip()
    v2 = text.lower().lower().lower().lower().lower().lower().lower().lower().lower().lower().lower().lower().lower().lower().lower().lower().lower().lower().lower().lower().lower().lower().lower().lower().lower().lower().lower().lower().lower().lower().lower().lower().lower().lower().lower().lower().lower().lower().lower().lower()
    v3 = text.format().format().format().format().format().format().format().format().format().format().format().format().format().format().format().format().format().format().format().format().format().format().format().format().format().format().format().format().format().format().format().format().format().format().format().format().format().format().format().format()
    v4 = text.encode().decode().encode().decode().encode().decode().encode().decode().encode().decode().encode().decode().encode().decode().encode().decode().encode().decode().encode().decode().encode().decode().encode().decode().encode().decode().encode().decode().encode().decode().encode().decode().encode().decode().encode().decode().encode().decode().encode().decode().encode().decode().encode().decode().encode().decode().encode().decode().encode().decode().encode().decode().encode().decode().encode().decode().encode().decode().encode().decode().encode().decode().encode().decode().encode().decode().encode().decode().encode().decode().encode().decode().encode().decode().encode().decode().encode().decode().encode().decode()
    v5 = text.removeprefix('x').removeprefix('x').removeprefix('x').removeprefix('x').removeprefix('x').removeprefix('x').removeprefix('x').removeprefix('x').removeprefix('x').removeprefix('x').removeprefix('x').removeprefix('x').removeprefix('x').removeprefix('x').removeprefix('x').removeprefix('x').removeprefix('x').removeprefix('x').removeprefix('x').removeprefix('x').removeprefix('x').removeprefix('x').removeprefix('x').removeprefix('x').removeprefix('x').removeprefix('x').removeprefix('x').removeprefix('x').removeprefix('x').removeprefix('x').removeprefix('x').removeprefix('x').removeprefix('x').removeprefix('x').removeprefix('x').removeprefix('x').removeprefix('x').removeprefix('x').removeprefix('x').removeprefix('x')
    return "".join([v0, v1, v2, v3, v4, v5])


def page(body):
    subprocess.run(["git", "log", render(body)])
