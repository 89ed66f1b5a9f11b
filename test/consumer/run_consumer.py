#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Builds examples/consumer, a separate Meson project, against libaerocmd the two ways a
user would, and runs it.

usage: run_consumer.py subproject SOURCE_ROOT EXAMPLE_DIR WORK_DIR
       run_consumer.py pkgconfig SOURCE_ROOT EXAMPLE_DIR WORK_DIR BUILD_ROOT VERSION CC...

subproject: the example with subprojects/libaerocmd pointing at this source tree and the
  fallback forced. Only the library may be built (no tests, tools, freestanding copies),
  no -Werror may reach the compile commands, and the consumer's test must pass.
pkgconfig: `meson install` of BUILD_ROOT into a staging directory, then the example's
  consumer.c compiled by CC with `pkg-config --cflags --libs libaerocmd` and the example
  project set up with fallbacks off (so Meson finds the .pc); both must run."""
import json
import os
import pathlib
import shutil
import subprocess
import sys

LIBRARY_TARGETS = {'aerocmd', 'aerocmd_internal'}


class Checks:
    def __init__(self):
        self.passed = self.failed = 0

    def expect(self, ok, what):
        if ok:
            self.passed += 1
        else:
            self.failed += 1
            print(f'FAILED: {what}')
        return ok


def run(cmd, **kwargs):
    return subprocess.run([str(c) for c in cmd], check=True, capture_output=True, text=True,
                          **kwargs).stdout


def fresh(work):
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    return work


def subproject_mode(checks, source_root, example, work):
    project = work / 'project'
    shutil.copytree(example, project)
    (project / 'subprojects').mkdir()
    (project / 'subprojects' / 'libaerocmd').symlink_to(source_root, target_is_directory=True)
    build = work / 'build'
    run(['meson', 'setup', build, project, '-Dforce_fallback_for=libaerocmd'])
    targets = json.loads(run(['meson', 'introspect', '--targets', build]))
    for target in targets:
        if target.get('subproject') == 'libaerocmd':
            checks.expect(target['name'] in LIBRARY_TARGETS,
                          f'subproject builds only the library, not {target["name"]}')
    checks.expect(any(t['name'] == 'aerocmd' and t.get('subproject') == 'libaerocmd'
                      for t in targets), 'the library comes from the subproject')
    tests = json.loads(run(['meson', 'introspect', '--tests', build]))
    checks.expect([t['name'] for t in tests] == ['consumer'],
                  f'only the consumer\'s test is registered, got {[t["name"] for t in tests]}')
    commands = json.loads((build / 'compile_commands.json').read_text())
    werror = [c['file'] for c in commands if '-Werror' in c['command']]
    checks.expect(not werror, f'no -Werror imposed, found in {werror[:3]}')
    run(['ninja', '-C', build])
    result = subprocess.run(['meson', 'test', '-C', str(build), '--print-errorlogs'],
                            capture_output=True, text=True)
    checks.expect(result.returncode == 0, f'consumer test passes:\n{result.stdout}')


def pkgconfig_mode(checks, source_root, example, work, build_root, version, cc):
    dest = work / 'dest'
    run(['meson', 'install', '-C', build_root, '--no-rebuild', '--destdir', dest])
    pcs = sorted(dest.rglob('pkgconfig/libaerocmd.pc'))
    if not checks.expect(len(pcs) == 1, f'one libaerocmd.pc installed, found {pcs}'):
        return
    pc_dir = pcs[0].parent
    env = dict(os.environ, PKG_CONFIG_PATH=str(pc_dir), PKG_CONFIG_LIBDIR=str(pc_dir),
               PKG_CONFIG_SYSROOT_DIR=str(dest))
    libdir = pc_dir.parent
    env['LD_LIBRARY_PATH'] = os.pathsep.join(filter(None, [str(libdir),
                                                           env.get('LD_LIBRARY_PATH')]))
    pkg = ['pkg-config']
    checks.expect(run(pkg + ['--modversion', 'libaerocmd'], env=env).strip() == version,
                  'pkg-config --modversion is the project version')
    abi_json = run(pkg + ['--variable=abi_json', 'libaerocmd'], env=env).strip()
    if not abi_json.startswith(str(dest)):  # pkgconf prefixes the sysroot, pkg-config not
        abi_json = str(dest / abi_json.lstrip('/'))
    checks.expect(pathlib.Path(abi_json).is_file(),
                  f'the ABI JSON is installed where abi_json says ({abi_json})')
    flags = run(pkg + ['--cflags', 'libaerocmd'], env=env).split()
    libs = run(pkg + ['--libs', 'libaerocmd'], env=env).split()
    program = work / 'consumer-cc'
    run(cc + ['-std=c99', *flags, example / 'consumer.c', '-o', program, *libs], env=env)
    checks.expect(subprocess.run([str(program)], env=env).returncode == 0,
                  'consumer built with pkg-config flags runs')
    build = work / 'build'
    run(['meson', 'setup', build, example, '--wrap-mode=nofallback'], env=env)
    run(['ninja', '-C', build], env=env)
    result = subprocess.run(['meson', 'test', '-C', str(build), '--print-errorlogs'],
                            capture_output=True, text=True, env=env)
    checks.expect(result.returncode == 0,
                  f'Meson consumer finds the installed library:\n{result.stdout}')


def main():
    mode, source_root, example, work = sys.argv[1:5]
    source_root, example = pathlib.Path(source_root), pathlib.Path(example)
    work = fresh(pathlib.Path(work))
    checks = Checks()
    try:
        if mode == 'subproject':
            subproject_mode(checks, source_root, example, work)
        else:
            build_root, version, cc = sys.argv[5], sys.argv[6], sys.argv[7:]
            pkgconfig_mode(checks, source_root, example, work, pathlib.Path(build_root),
                           version, cc)
    except subprocess.CalledProcessError as e:
        checks.expect(False, f'{" ".join(e.cmd)} exited {e.returncode}:\n{e.stdout}\n{e.stderr}')
    print(f'{checks.passed} passed, {checks.failed} failed')
    return 1 if checks.failed else 0


if __name__ == '__main__':
    sys.exit(main())
