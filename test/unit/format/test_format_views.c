/* SPDX-License-Identifier: MIT */
/* test_format_views.c — (resource format, view format, view kind, ABI) -> stored view
 * format or the specific refusal: Direct3D-illegal pairs are INVALID_ARG, legal pairs
 * the protocol cannot express are NOT_IMPLEMENTED. */
#include <stddef.h>

#include "aerocmd/format.h"
#include "check.h"

#define ABI(minor)  ((1u << 16) | (minor))
#define COUNT_OF(a) (sizeof(a) / sizeof((a)[0]))

#define SRV AEROCMD_VIEW_SHADER_RESOURCE
#define RTV AEROCMD_VIEW_RENDER_TARGET
#define DSV AEROCMD_VIEW_DEPTH_STENCIL
#define OK  AEROCMD_OK
#define BAD AEROCMD_E_INVALID_ARG
#define NI  AEROCMD_E_NOT_IMPLEMENTED

struct view_case {
    uint32_t resource;
    uint32_t view;
    int kind;
    uint32_t minor;
    aerocmd_result result;
    uint32_t format; /* when OK */
};

static const struct view_case view_cases[] = {
    /* R8G8B8A8 family: typeless resolves through the view, sRGB gated */
    {27, 29, SRV, 2, OK, AEROGPU_FORMAT_R8G8B8A8_UNORM_SRGB},
    {27, 29, SRV, 1, OK, AEROGPU_FORMAT_R8G8B8A8_UNORM},
    {27, 29, RTV, 4, OK, AEROGPU_FORMAT_R8G8B8A8_UNORM_SRGB},
    {27, 28, SRV, 0, OK, AEROGPU_FORMAT_R8G8B8A8_UNORM},
    {27, 28, RTV, 3, OK, AEROGPU_FORMAT_R8G8B8A8_UNORM},
    {27, 30, SRV, 4, NI, 0},  /* R8G8B8A8_UINT: legal, not expressible */
    {27, 31, RTV, 4, NI, 0},  /* R8G8B8A8_SNORM */
    {27, 0, SRV, 4, BAD, 0},  /* typeless resource needs a typed view */
    {27, 27, SRV, 4, BAD, 0}, /* typeless view */
    {27, 87, SRV, 4, BAD, 0}, /* other family */
    {27, 28, DSV, 4, BAD, 0},
    {28, 0, SRV, 4, OK, AEROGPU_FORMAT_R8G8B8A8_UNORM},
    {28, 28, RTV, 4, OK, AEROGPU_FORMAT_R8G8B8A8_UNORM},
    {28, 29, SRV, 4, BAD, 0}, /* a typed resource only takes its own format */
    {29, 0, RTV, 2, OK, AEROGPU_FORMAT_R8G8B8A8_UNORM_SRGB},
    {29, 0, RTV, 0, OK, AEROGPU_FORMAT_R8G8B8A8_UNORM},
    /* B8G8R8A8 / B8G8R8X8 families */
    {90, 91, RTV, 2, OK, AEROGPU_FORMAT_B8G8R8A8_UNORM_SRGB},
    {90, 91, RTV, 0, OK, AEROGPU_FORMAT_B8G8R8A8_UNORM},
    {90, 87, SRV, 4, OK, AEROGPU_FORMAT_B8G8R8A8_UNORM},
    {90, 88, SRV, 4, BAD, 0},
    {92, 93, SRV, 4, OK, AEROGPU_FORMAT_B8G8R8X8_UNORM_SRGB},
    {92, 88, RTV, 4, OK, AEROGPU_FORMAT_B8G8R8X8_UNORM},
    {87, 0, RTV, 0, OK, AEROGPU_FORMAT_B8G8R8A8_UNORM},
    {88, 0, SRV, 0, OK, AEROGPU_FORMAT_B8G8R8X8_UNORM},
    {85, 0, RTV, 0, OK, AEROGPU_FORMAT_B5G6R5_UNORM},
    {86, 86, SRV, 4, OK, AEROGPU_FORMAT_B5G5R5A1_UNORM},
    /* D24S8 family */
    {44, 45, DSV, 0, OK, AEROGPU_FORMAT_D24_UNORM_S8_UINT},
    {44, 46, SRV, 0, OK, AEROGPU_FORMAT_D24_UNORM_S8_UINT},
    {44, 47, SRV, 4, NI, 0},  /* stencil read */
    {44, 45, SRV, 4, BAD, 0}, /* depth format in an SRV */
    {44, 46, DSV, 4, BAD, 0},
    {44, 46, RTV, 4, BAD, 0},
    {44, 28, SRV, 4, BAD, 0},
    {45, 0, DSV, 4, OK, AEROGPU_FORMAT_D24_UNORM_S8_UINT},
    {45, 0, SRV, 4, BAD, 0},
    {45, 0, RTV, 4, BAD, 0},
    {45, 46, SRV, 4, BAD, 0},
    {46, 0, SRV, 4, OK, AEROGPU_FORMAT_D24_UNORM_S8_UINT},
    /* R32 family: stored as D32_FLOAT, R32_FLOAT SRV reads depth */
    {39, 40, DSV, 0, OK, AEROGPU_FORMAT_D32_FLOAT},
    {39, 41, SRV, 0, OK, AEROGPU_FORMAT_D32_FLOAT},
    {39, 41, RTV, 4, NI, 0},
    {39, 42, SRV, 4, NI, 0},
    {39, 43, SRV, 4, NI, 0},
    {39, 40, SRV, 4, BAD, 0},
    {40, 0, DSV, 4, OK, AEROGPU_FORMAT_D32_FLOAT},
    {40, 41, SRV, 4, BAD, 0},
    {41, 0, SRV, 4, NI, 0}, /* an R32_FLOAT texture cannot be stored */
    /* other depth formats */
    {19, 20, DSV, 4, NI, 0},
    {19, 21, SRV, 4, NI, 0},
    {19, 22, SRV, 4, NI, 0},
    {53, 55, DSV, 4, NI, 0},
    {55, 0, DSV, 4, NI, 0},
    {53, 54, SRV, 4, NI, 0},
    /* block-compressed */
    {70, 71, SRV, 2, OK, AEROGPU_FORMAT_BC1_RGBA_UNORM},
    {70, 72, SRV, 2, OK, AEROGPU_FORMAT_BC1_RGBA_UNORM_SRGB},
    {70, 72, SRV, 1, NI, 0},
    {70, 71, RTV, 4, BAD, 0},
    {71, 0, RTV, 4, BAD, 0},
    {71, 0, SRV, 0, NI, 0},
    {75, 0, SRV, 3, OK, AEROGPU_FORMAT_BC2_RGBA_UNORM_SRGB},
    {76, 77, SRV, 4, OK, AEROGPU_FORMAT_BC3_RGBA_UNORM},
    {97, 99, SRV, 4, OK, AEROGPU_FORMAT_BC7_RGBA_UNORM_SRGB},
    {97, 72, SRV, 4, BAD, 0},
    {79, 80, SRV, 4, NI, 0},
    {94, 95, SRV, 4, NI, 0},
    /* formats the protocol has no texture for */
    {2, 0, SRV, 4, NI, 0},
    {1, 2, RTV, 4, NI, 0},
    {100, 0, SRV, 4, NI, 0},
    /* not DXGI formats */
    {0, 28, SRV, 4, BAD, 0},
    {116, 0, SRV, 4, BAD, 0},
    {28, 116, SRV, 4, BAD, 0},
    {133, 0, SRV, 4, BAD, 0},
    {27, 0xFFFFFFFFu, SRV, 4, BAD, 0},
    {28, 0, 3, 4, BAD, 0}, /* not a view kind */
};

static void check_view_case(const struct view_case *c)
{
    uint32_t got = 0xDEADu;
    aerocmd_result r = aerocmd_dxgi_view_format(
        c->resource, c->view, (enum aerocmd_view_kind)c->kind, ABI(c->minor), &got);
    int ok = r == c->result && (r != AEROCMD_OK || got == c->format);
    if (r != AEROCMD_OK)
        ok = ok && got == 0xDEADu; /* a refusal writes nothing */
    if (!check_report(ok, __FILE__, __LINE__, "view format"))
        fprintf(stderr, "    resource %u view %u kind %d minor %u: result %d fmt %u, want %d %u\n",
                c->resource, c->view, c->kind, c->minor, (int)r, got, (int)c->result, c->format);
}

/* Whatever a view resolves to has the same bytes per element as the resource's storage. */
static void check_views_keep_storage_size(void)
{
    uint32_t resource, view, stored, viewed;
    int kind;
    for (resource = 0; resource < 133; resource++) {
        if (aerocmd_dxgi_texture_format(resource, ABI(4), &stored) != AEROCMD_OK)
            continue;
        for (view = 0; view < 133; view++) {
            for (kind = 0; kind < 3; kind++) {
                if (aerocmd_dxgi_view_format(resource, view, (enum aerocmd_view_kind)kind, ABI(4),
                                             &viewed) != AEROCMD_OK)
                    continue;
                CHECK_EQ(aerocmd_format_info(viewed)->block_bytes,
                         aerocmd_format_info(stored)->block_bytes);
                CHECK_EQ(aerocmd_format_info(viewed)->unorm_twin,
                         aerocmd_format_info(stored)->unorm_twin);
            }
        }
    }
}

int main(void)
{
    size_t i;
    for (i = 0; i < COUNT_OF(view_cases); i++)
        check_view_case(&view_cases[i]);
    check_views_keep_storage_size();
    return check_finish();
}
