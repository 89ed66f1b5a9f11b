/* SPDX-License-Identifier: MIT */
/* harness_main.c — loads the shim DLLs like the Direct3D runtimes do and runs the scenarios.
 *
 * usage: shim_harness.exe [--out DIR] --dll NAME=PATH...   (NAME: d3d11, d3d10, d3d10_1,
 * driver). With --out, each scenario's submissions are written to DIR/SCENARIO/ for the
 * native golden comparison (test/shims/run_wine.py). */
#include <stdio.h>
#include <string.h>

#include "harness.h"

/* One translation unit, so every file counts into check.h's (static) counters. */
#include "fake_runtime.c"
#include "record.c"
#include "session.c"
#include "scenarios.c"

static void run_dll(const char *name, HMODULE dll, const char *out)
{
    static const UINT64 v11[] = {D3D11_0_7_DDI_SUPPORTED};
    static const UINT64 v10_1[] = {D3D10_1_7_DDI_SUPPORTED};
    static const UINT64 all[] = {D3D10_0_7_DDI_SUPPORTED, D3D10_1_7_DDI_SUPPORTED,
                                 D3D11_0_7_DDI_SUPPORTED};
    open_adapter_fn open10 = adapter_entry(dll, "OpenAdapter10");
    open_adapter_fn open10_2 = adapter_entry(dll, "OpenAdapter10_2");
    if (strcmp(name, "d3d11") == 0) {
        if (!CHECK(open10_2 != NULL && adapter_entry(dll, "OpenAdapter11") != NULL &&
                   open10 == NULL))
            return;
        check_versions(open10_2, D3D11_0_7_DDI_INTERFACE_VERSION, v11, 1);
        run_d3d11_scenarios(open10_2, out);
    } else if (strcmp(name, "d3d10") == 0) {
        if (!CHECK(open10 != NULL && open10_2 == NULL))
            return;
        run_d3d10_scenarios(open10, D3D10_0_7_DDI_INTERFACE_VERSION, 0, out, "d3d10");
    } else if (strcmp(name, "d3d10_1") == 0) {
        if (!CHECK(open10 == NULL && open10_2 != NULL))
            return;
        check_versions(open10_2, D3D10_1_7_DDI_INTERFACE_VERSION, v10_1, 1);
        run_d3d10_scenarios(open10_2, D3D10_1_7_DDI_INTERFACE_VERSION, 1, out, "d3d10_1");
    } else if (strcmp(name, "driver") == 0) {
        if (!CHECK(open10 != NULL && open10_2 != NULL &&
                   adapter_entry(dll, "OpenAdapter11") != NULL))
            return;
        check_versions(open10_2, D3D11_0_7_DDI_INTERFACE_VERSION, all, 3);
        run_d3d10_scenarios(open10, D3D10_0_7_DDI_INTERFACE_VERSION, 0, out, "driver_d3d10");
        run_d3d10_scenarios(open10_2, D3D10_1_7_DDI_INTERFACE_VERSION, 1, out, "driver_d3d10_1");
        run_d3d11_scenarios(open10_2, NULL);
    } else {
        CHECK(0 && "unknown DLL name");
    }
}

int main(int argc, char **argv)
{
    const char *out = NULL;
    int i;
    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--out") == 0 && i + 1 < argc) {
            out = argv[++i];
        } else if (strcmp(argv[i], "--dll") == 0 && i + 1 < argc) {
            char name[32];
            const char *spec = argv[++i], *eq = strchr(spec, '=');
            HMODULE dll;
            if (eq == NULL || (size_t)(eq - spec) >= sizeof name) {
                fprintf(stderr, "bad --dll %s\n", spec);
                return 2;
            }
            memcpy(name, spec, (size_t)(eq - spec));
            name[eq - spec] = '\0';
            dll = LoadLibraryA(eq + 1);
            if (!CHECK(dll != NULL)) {
                fprintf(stderr, "cannot load %s\n", eq + 1);
                continue;
            }
            run_dll(name, dll, out);
        } else {
            fprintf(stderr, "usage: %s [--out DIR] --dll NAME=PATH...\n", argv[0]);
            return 2;
        }
    }
    return check_finish();
}
