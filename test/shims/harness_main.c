/* SPDX-License-Identifier: MIT */
/* harness_main.c — loads the shim DLLs like the Direct3D runtimes do and runs the scenarios.
 *
 * usage: shim_harness.exe [--out DIR] --dll NAME=PATH...   (NAME: d3d11, d3d10, d3d10_1,
 * driver). With --out, each scenario's submissions are written to DIR/SCENARIO/ for the
 * native golden comparison (test/shims/run_wine.py). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"

/* One translation unit, so every file counts into check.h's (static) counters. */
#include "fake_runtime.c"
#include "record.c"
#include "session.c"
#include "scenarios.c"
#include "ids.c"

static const UINT64 v11[] = {D3D11_0_7_DDI_SUPPORTED};
static const UINT64 v10_1[] = {D3D10_1_7_DDI_SUPPORTED};
static const UINT64 all[] = {D3D10_0_7_DDI_SUPPORTED, D3D10_1_7_DDI_SUPPORTED,
                             D3D11_0_7_DDI_SUPPORTED};

/* The driver DLL serves every runtime: all three tables, a texture shared between two of
 * them (each way recorded under its own name), and the ids. Its D3D11 scenarios are not recorded
 * (the D3D11 DLL's are). */
static void run_driver(HMODULE dll, const char *out)
{
    open_adapter_fn open10 = adapter_entry(dll, "OpenAdapter10");
    open_adapter_fn open10_2 = adapter_entry(dll, "OpenAdapter10_2");
    if (!CHECK(open10 != NULL && open10_2 != NULL && adapter_entry(dll, "OpenAdapter11") != NULL))
        return;
    check_versions(open10_2, D3D11_0_7_DDI_INTERFACE_VERSION, all, 3);
    run_scenarios(open10, D3D10_0_7_DDI_INTERFACE_VERSION, 0, out, "driver_d3d10_");
    run_scenarios(open10_2, D3D10_1_7_DDI_INTERFACE_VERSION, 1, out, "driver_d3d10_1_");
    run_scenarios(open10_2, D3D11_0_7_DDI_INTERFACE_VERSION, 1, NULL, "driver_");
    run_share_scenario(open10_2, D3D11_0_7_DDI_INTERFACE_VERSION, 1, open10_2,
                       D3D10_1_7_DDI_INTERFACE_VERSION, 1, out, "share_d3d11_to_d3d10_1");
    run_share_scenario(open10, D3D10_0_7_DDI_INTERFACE_VERSION, 0, open10_2,
                       D3D11_0_7_DDI_INTERFACE_VERSION, 1, out, "share_d3d10_to_d3d11");
    run_share_present_check(open10_2, D3D10_1_7_DDI_INTERFACE_VERSION, 1, open10_2,
                            D3D11_0_7_DDI_INTERFACE_VERSION, 1);
    run_share_present_check(open10_2, D3D10_1_7_DDI_INTERFACE_VERSION, 1, open10,
                            D3D10_0_7_DDI_INTERFACE_VERSION, 0);
    run_id_churn(open10_2);
}

static void run_dll(const char *name, HMODULE dll, const char *out)
{
    open_adapter_fn open10 = adapter_entry(dll, "OpenAdapter10");
    open_adapter_fn open10_2 = adapter_entry(dll, "OpenAdapter10_2");
    if (strcmp(name, "d3d11") == 0) {
        if (!CHECK(open10_2 != NULL && adapter_entry(dll, "OpenAdapter11") != NULL &&
                   open10 == NULL))
            return;
        check_versions(open10_2, D3D11_0_7_DDI_INTERFACE_VERSION, v11, 1);
        run_answer_checks(open10_2, D3D11_0_7_DDI_INTERFACE_VERSION, 1);
        run_scenarios(open10_2, D3D11_0_7_DDI_INTERFACE_VERSION, 1, out, "");
    } else if (strcmp(name, "d3d10") == 0) {
        if (!CHECK(open10 != NULL && open10_2 == NULL))
            return;
        run_answer_checks(open10, D3D10_0_7_DDI_INTERFACE_VERSION, 0);
        run_scenarios(open10, D3D10_0_7_DDI_INTERFACE_VERSION, 0, out, "d3d10_");
    } else if (strcmp(name, "d3d10_1") == 0) {
        if (!CHECK(open10 == NULL && open10_2 != NULL))
            return;
        check_versions(open10_2, D3D10_1_7_DDI_INTERFACE_VERSION, v10_1, 1);
        run_answer_checks(open10_2, D3D10_1_7_DDI_INTERFACE_VERSION, 1);
        run_scenarios(open10_2, D3D10_1_7_DDI_INTERFACE_VERSION, 1, out, "d3d10_1_");
    } else if (strcmp(name, "driver") == 0) {
        run_driver(dll, out);
    } else {
        CHECK(0 && "unknown DLL name");
    }
}

static HMODULE load_dll(const char *spec, char *name, size_t name_size)
{
    const char *eq = strchr(spec, '=');
    HMODULE dll;
    if (eq == NULL || (size_t)(eq - spec) >= name_size) {
        fprintf(stderr, "bad --dll %s\n", spec);
        return NULL;
    }
    memcpy(name, spec, (size_t)(eq - spec));
    name[eq - spec] = '\0';
    dll = LoadLibraryA(eq + 1);
    if (!CHECK(dll != NULL))
        fprintf(stderr, "cannot load %s\n", eq + 1);
    return dll;
}

/* --ids OUT COUNT PEERS [--fallback] --dll driver=PATH: one process of a concurrent group. */
static int ids_main(int argc, char **argv)
{
    char name[32];
    HMODULE dll;
    int fallback = argc > 5 && strcmp(argv[5], "--fallback") == 0;
    int dll_arg = fallback ? 6 : 5;
    if (argc < dll_arg + 2 || strcmp(argv[dll_arg], "--dll") != 0) {
        fprintf(stderr, "usage: %s --ids OUT COUNT PEERS [--fallback] --dll driver=PATH\n",
                argv[0]);
        return 2;
    }
    dll = load_dll(argv[dll_arg + 1], name, sizeof name);
    if (dll != NULL)
        run_id_process(adapter_entry(dll, "OpenAdapter10_2"), argv[2],
                       (uint32_t)strtoul(argv[3], NULL, 10), (uint32_t)strtoul(argv[4], NULL, 10),
                       fallback);
    return check_finish();
}

int main(int argc, char **argv)
{
    const char *out = NULL;
    int i;
    if (argc > 1 && strcmp(argv[1], "--ids") == 0)
        return ids_main(argc, argv);
    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--out") == 0 && i + 1 < argc) {
            out = argv[++i];
        } else if (strcmp(argv[i], "--dll") == 0 && i + 1 < argc) {
            char name[32];
            HMODULE dll = load_dll(argv[++i], name, sizeof name);
            if (dll != NULL)
                run_dll(name, dll, out);
        } else {
            fprintf(stderr, "usage: %s [--out DIR] --dll NAME=PATH...\n", argv[0]);
            return 2;
        }
    }
    return check_finish();
}
