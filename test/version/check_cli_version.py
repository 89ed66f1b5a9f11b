#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""`aerocmd --version` names the project version and the protocol ABI.

usage: check_cli_version.py AEROCMD VERSION ABI_JSON"""
import json
import subprocess
import sys


def main():
    aerocmd, version, abi_json = sys.argv[1:4]
    with open(abi_json) as f:
        abi = json.load(f)
    major, minor = abi['abi_version']['major'], abi['abi_version']['minor']
    run = subprocess.run([aerocmd, '--version'], capture_output=True, text=True)
    want = f'aerocmd {version} (AeroGPU ABI {major}.{minor})\n'
    if run.returncode != 0 or run.stdout != want or run.stderr:
        print(f'got rc {run.returncode}, stdout {run.stdout!r}, stderr {run.stderr!r}; '
              f'want rc 0, stdout {want!r}')
        return 1
    print('1 passed, 0 failed')
    return 0


if __name__ == '__main__':
    sys.exit(main())
