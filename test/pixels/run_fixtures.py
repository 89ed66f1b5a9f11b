#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The shared capture fixtures through `aerocmd render`: each is rendered (and its picture
checked against what its packets mean) or refused with the reason written below; and the
demo's trace and raw stream (check_demo), the trace's picture judged by TEST_DEMO_PICTURE.

usage: run_fixtures.py AEROCMD FIXTURES_DIR STREAMS_DIR TEST_DEMO_PICTURE

The fixtures' drawing streams carry hand-made shader containers: a zero checksum and
tokens that are not SM4 (their second token decodes as opcode 256 with length 0). Direct3D
would refuse them at CreateVertexShader; the validator, which the executor runs first,
refuses them at CREATE_SHADER_DXBC (dxbc_checksum).
aerogpu_cmd_triangle binds no shader at all and is refused at its DRAW (no_vertex_shader). Ends with
"N passed, N failed"."""
import os
import subprocess
import sys
import tempfile

from png_read import read_png

# hang guards, scaled by Meson's test setup for slow builds and a busy machine
TIME_SCALE = float(os.environ.get("AEROCMD_TEST_TIME_SCALE", "1"))

SHADER_REFUSAL = ("CREATE_SHADER_DXBC: dxbc_checksum: ",)

# name -> ("picture", RGBA every pixel must have) or ("refused", offset, opcode, texts)
EXPECT = {
    # CLEAR (1, 0, 0, 0) of a B8G8R8A8 target: red, alpha 0 kept
    "aerogpu_cmd_clear_b8g8r8a8": ("picture", (255, 0, 0, 0)),
    # the same clear of B8G8R8X8: X8 carries no alpha, it reads as opaque (RULES.md)
    "aerogpu_cmd_clear_b8g8r8x8": ("picture", (255, 0, 0, 255)),
    # CLEAR (0, 1, 1, 1) of h:1, COPY_TEXTURE2D of all of it into h:2, h:2 presented
    "aerogpu_cmd_copy_texture2d": ("picture", (0, 255, 255, 255)),
    "aerogpu_cmd_copy_buffer": ("refused", 0x1b8, SHADER_REFUSAL),
    "aerogpu_cmd_indexed_triangle": ("refused", 0x1b4, SHADER_REFUSAL),
    "aerogpu_cmd_indexed_triangle_u16": ("refused", 0x1b0, SHADER_REFUSAL),
    "aerogpu_cmd_texture_ld_b5g6r5": ("refused", 0x1bc, SHADER_REFUSAL),
    "aerogpu_cmd_texture_ld_b8g8r8a8": ("refused", 0x1bc, SHADER_REFUSAL),
    "aerogpu_cmd_triangle_first_vertex": ("refused", 0x1b4, SHADER_REFUSAL),
    # Direct3D draws nothing without a vertex shader: the validator refuses the DRAW
    "aerogpu_cmd_triangle": ("refused", 0x11c, ("DRAW: no_vertex_shader: ",)),
}
# The extracted raw streams are refused the same way: the validator judges the whole
# submission before anything runs (the triangle's guest-backed vertex buffer, whose memory
# a raw stream does not carry, is never reached).
RAW_EXPECT = dict(EXPECT)


class Checks:
    def __init__(self):
        self.passed = self.failed = 0

    def check(self, ok, what, detail=""):
        if ok:
            self.passed += 1
        else:
            self.failed += 1
            print("FAIL: " + what + ("\n    " + detail.replace("\n", "\n    ") if detail else ""))
        return ok


def render(aerocmd, path, out_dir, *extra):
    run = subprocess.run([aerocmd, "render", "-o", out_dir, *extra, path], capture_output=True,
                         text=True, timeout=120 * TIME_SCALE)
    return run.returncode, run.stdout, run.stderr


def check_picture(checks, name, out_dir, rgba):
    png = os.path.join(out_dir, "present_0000.png")
    if not checks.check(os.path.exists(png), name + ": present_0000.png written"):
        return
    width, height, rows = read_png(png)
    want = bytes(rgba) * width
    checks.check((width, height) == (64, 64) and all(r == want for r in rows),
                 name + ": every pixel is %r" % (rgba,))


def check_input(checks, aerocmd, path, expect, tmp):
    name = os.path.basename(path)
    out_dir = tempfile.mkdtemp(dir=tmp)
    status, out, err = render(aerocmd, path, out_dir)
    if expect[0] == "picture":
        if checks.check(status == 0 and err == "", name + ": rendered", err):
            check_picture(checks, name, out_dir, expect[1])
        return
    where = "offset %d (0x%x), " % (expect[1], expect[1])
    checks.check(status == 1 and err.startswith(path + ": submission 0, " + where) and
                 all(t in err for t in expect[2]) and err.count("\n") == 1,
                 name + ": refused at 0x%x with its reason" % expect[1], err)


def check_options(checks, aerocmd, fixtures, tmp):
    trace = os.path.join(fixtures, "aerogpu_cmd_copy_texture2d.aerogputrace")
    out_dir = tempfile.mkdtemp(dir=tmp)
    status, out, err = render(aerocmd, trace, out_dir, "--resource", "h:1", "--resource", "2")
    checks.check(status == 0 and os.path.exists(os.path.join(out_dir, "h1.png")) and
                 os.path.exists(os.path.join(out_dir, "h2.png")), "--resource saves textures",
                 err)
    if os.path.exists(os.path.join(out_dir, "h1.png")):
        width, _, rows = read_png(os.path.join(out_dir, "h1.png"))
        checks.check(rows[0] == bytes((0, 255, 255, 255)) * width, "--resource h:1 is the cyan "
                     "clear")
    status, out, err = render(aerocmd, trace, out_dir, "--resource", "h:77")
    checks.check(status == 1 and "h:77" in err, "--resource of no resource: exit 1", err)
    run = subprocess.run([aerocmd, "render", "--dry-run", trace], capture_output=True, text=True)
    checks.check(run.returncode == 0 and "valid (dry run), 1 present" in run.stdout,
                 "--dry-run runs without pictures", run.stdout + run.stderr)
    for args, what in ((["render"], "no FILE"), (["render", trace], "no -o DIR"),
                       (["render", "--bogus", trace], "unknown option"),
                       (["render", "-o", out_dir, os.path.join(tmp, "missing")], "missing file")):
        run = subprocess.run([aerocmd, *args], capture_output=True, text=True)
        checks.check(run.returncode == 2, "render with %s exits 2" % what, run.stderr)


def check_demo(checks, aerocmd, demo_picture, tmp):
    """The demo's own output through `aerocmd render`: its trace carries every submission's
    allocation table and guest memory, so it renders whole (exit 0, nothing on stderr, one
    PNG for its one PRESENT); that picture is the frame test_demo_picture expects (judged by
    it, --rgba) and the one `aerocmd demo --png` wrote. Its raw first stream renders whole
    too."""
    trace, raw = os.path.join(tmp, "demo.aerogputrace"), os.path.join(tmp, "demo.acmd")
    demo_png = os.path.join(tmp, "demo.png")
    for args in (["-o", trace, "--png", demo_png], ["-o", raw, "--raw", "--no-png"]):
        run = subprocess.run([aerocmd, "demo", *args], capture_output=True, text=True)
        checks.check(run.returncode == 0, "aerocmd demo %s" % " ".join(args), run.stderr)
    out_dir = tempfile.mkdtemp(dir=tmp)
    status, out, err = render(aerocmd, trace, out_dir)
    checks.check(status == 0 and err == "" and out.endswith(": rendered, 1 present\n"),
                 "demo trace: rendered whole, 1 present", out + err)
    pngs = sorted(f for f in os.listdir(out_dir) if f.endswith(".png"))
    checks.check(pngs == ["present_0000.png"], "demo trace: one picture per PRESENT", repr(pngs))
    png = os.path.join(out_dir, "present_0000.png")
    if checks.check(os.path.exists(png), "demo trace: present_0000.png written"):
        width, height, rows = read_png(png)
        rgba = os.path.join(tmp, "demo_trace.rgba")
        with open(rgba, "wb") as f:
            f.write(b"".join(rows))
        judged = subprocess.run([demo_picture, "--rgba", rgba], capture_output=True, text=True)
        checks.check((width, height) == (64, 64) and judged.returncode == 0,
                     "demo trace: the picture is the demo's frame (test_demo_picture --rgba)",
                     judged.stdout + judged.stderr)
        if checks.check(os.path.exists(demo_png), "aerocmd demo --png wrote its picture"):
            checks.check(read_png(demo_png) == (width, height, rows),
                         "demo trace: the same picture as aerocmd demo --png")
    status, out, err = render(aerocmd, raw, tempfile.mkdtemp(dir=tmp))
    checks.check(status == 0 and err == "", "demo raw stream: rendered", err)


def main(aerocmd, fixtures, streams, demo_picture):
    checks = Checks()
    with tempfile.TemporaryDirectory() as tmp:
        for name, expect in sorted(EXPECT.items()):
            check_input(checks, aerocmd, os.path.join(fixtures, name + ".aerogputrace"), expect,
                        tmp)
        for name, expect in sorted(RAW_EXPECT.items()):
            check_input(checks, aerocmd, os.path.join(streams, name + ".acmd"), expect, tmp)
        check_options(checks, aerocmd, fixtures, tmp)
        check_demo(checks, aerocmd, demo_picture, tmp)
    listed = set(EXPECT)
    found = {f[:-len(".aerogputrace")] for f in os.listdir(fixtures) if f.endswith(".aerogputrace")}
    checks.check(found == listed, "every fixture has an expectation", repr(found ^ listed))
    print("%d passed, %d failed" % (checks.passed, checks.failed))
    return 1 if checks.failed else 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
