# Near miss of mutation_helper_many_call_sites.py: the same helper called
# from forty-one sites, every one giving git: clean.
import subprocess


def set_program(argv, prog):
    argv.insert(0, prog)


a0 = ['status']
set_program(a0, 'git')
a1 = ['status']
set_program(a1, 'git')
a2 = ['status']
set_program(a2, 'git')
a3 = ['status']
set_program(a3, 'git')
a4 = ['status']
set_program(a4, 'git')
a5 = ['status']
set_program(a5, 'git')
a6 = ['status']
set_program(a6, 'git')
a7 = ['status']
set_program(a7, 'git')
a8 = ['status']
set_program(a8, 'git')
a9 = ['status']
set_program(a9, 'git')
a10 = ['status']
set_program(a10, 'git')
a11 = ['status']
set_program(a11, 'git')
a12 = ['status']
set_program(a12, 'git')
a13 = ['status']
set_program(a13, 'git')
a14 = ['status']
set_program(a14, 'git')
a15 = ['status']
set_program(a15, 'git')
a16 = ['status']
set_program(a16, 'git')
a17 = ['status']
set_program(a17, 'git')
a18 = ['status']
set_program(a18, 'git')
a19 = ['status']
set_program(a19, 'git')
a20 = ['status']
set_program(a20, 'git')
a21 = ['status']
set_program(a21, 'git')
a22 = ['status']
set_program(a22, 'git')
a23 = ['status']
set_program(a23, 'git')
a24 = ['status']
set_program(a24, 'git')
a25 = ['status']
set_program(a25, 'git')
a26 = ['status']
set_program(a26, 'git')
a27 = ['status']
set_program(a27, 'git')
a28 = ['status']
set_program(a28, 'git')
a29 = ['status']
set_program(a29, 'git')
a30 = ['status']
set_program(a30, 'git')
a31 = ['status']
set_program(a31, 'git')
a32 = ['status']
set_program(a32, 'git')
a33 = ['status']
set_program(a33, 'git')
a34 = ['status']
set_program(a34, 'git')
a35 = ['status']
set_program(a35, 'git')
a36 = ['status']
set_program(a36, 'git')
a37 = ['status']
set_program(a37, 'git')
a38 = ['status']
set_program(a38, 'git')
a39 = ['status']
set_program(a39, 'git')
cmd = ['-p', 'hi']
set_program(cmd, 'git')
subprocess.run(cmd)
