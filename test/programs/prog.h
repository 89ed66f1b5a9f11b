/* SPDX-License-Identifier: MIT */
/* prog.h — what the test programs share, written as an application's own helpers would be:
 * device creation, HLSL compiled at run time (d3dcompiler_47), readbacks through a staging
 * copy and Map, and the two kinds of output:
 * - checks of the values Direct3D defines (CHECK*, "N passed, N failed" at the end);
 * - results for the differential judge (test/programs/judge.py): every readback and value
 *   written to the file named by the first argument, so the same program run on another
 *   Direct3D 11 implementation can be compared with this one. */
#ifndef PROG_H
#define PROG_H

#ifndef COBJMACROS
#define COBJMACROS
#endif
#include <windows.h>
#include <d3d11.h>
#include <d3dcompiler.h>
#include <stdint.h>
#include <stdio.h>

struct prog {
    ID3D11Device *dev;
    ID3D11DeviceContext *ctx;
    D3D_FEATURE_LEVEL level;
    FILE *out;
    const char *scene;
    unsigned passed, failed;
};

extern struct prog P;

/* Device at feature level 10_0 or above (the levels a program would ask for), the output
 * file from argv[1]. Exits 2 when there is no device. */
void prog_init(int argc, char **argv);
/* A hardware device at the first of feature levels 11_0, 10_1, 10_0 it has (level may be
 * NULL). */
HRESULT prog_create_device(ID3D11Device **dev, ID3D11DeviceContext **ctx, D3D_FEATURE_LEVEL *level);
/* Prints "N passed, N failed" and returns the exit status (0 when nothing failed). */
int prog_finish(void);

/* The scene the following checks and results belong to. */
void prog_scene(const char *name);

#define CHECK(cond)          prog_check((cond) != 0, #cond, __FILE__, __LINE__)
#define CHECK_HR(expr, want) prog_check_hr((expr), (want), #expr, __FILE__, __LINE__)
int prog_check(int ok, const char *what, const char *file, int line);
int prog_check_hr(HRESULT got, HRESULT want, const char *what, const char *file, int line);

/* The driver refuses what its protocol cannot express with E_NOTIMPL at the create call
 * (doc/compatibility.md, row `id`): the scene records the refusal and ends there (a
 * Direct3D 11 runtime of Microsoft's or Wine's never answers E_NOTIMPL). Returns non-zero
 * when hr is that refusal. */
int prog_refused(HRESULT hr, const char *id);

/* A DXBC container (empty signatures) around a shader's tokens, with its checksum; the
 * caller frees it (prog_dxbc.c). And the checksum check, proved on D3DCompile's output. */
void *prog_dxbc(const UINT *tokens, UINT count, UINT *size);
/* ... with input and output signatures (float elements). */
struct prog_sig {
    const char *name;
    UINT index, system_value, reg;
    BYTE mask, rw_mask;
};
void *prog_dxbc_sig(const UINT *tokens, UINT count, const struct prog_sig *in, UINT n_in,
                    const struct prog_sig *out, UINT n_out, UINT *size);
void prog_dxbc_checksum(const void *dxbc, UINT size, uint8_t out[16]);
int prog_dxbc_checksum_ok(const void *dxbc, UINT size);

/* Compiles HLSL (entry, profile); exits on a compile error (the program's own bug). */
ID3DBlob *prog_compile(const char *src, const char *entry, const char *profile);
ID3D11VertexShader *prog_vs(const char *src, const char *entry, ID3DBlob **code);
ID3D11PixelShader *prog_ps(const char *src, const char *entry);
/* ... created on another device. */
ID3D11VertexShader *prog_vs_on(ID3D11Device *dev, const char *src, const char *entry,
                               ID3DBlob **code);
ID3D11PixelShader *prog_ps_on(ID3D11Device *dev, const char *src, const char *entry);

/* A 2D texture's description: one level, one slice, one sample, no CPU access, no flags. */
void prog_texture_desc(D3D11_TEXTURE2D_DESC *d, UINT w, UINT h, DXGI_FORMAT format,
                       D3D11_USAGE usage, UINT bind);
/* An RGBA8 texture of one level with that usage, binding and CPU access, its texels `data`
 * (rows packed) or none. */
ID3D11Texture2D *prog_texture(UINT w, UINT h, D3D11_USAGE usage, UINT bind, UINT cpu,
                              const void *data);
/* A 2D texture usable as a render target and shader resource, and its view. */
ID3D11Texture2D *prog_target(UINT w, UINT h, DXGI_FORMAT format, ID3D11RenderTargetView **rtv);
ID3D11Buffer *prog_buffer(UINT bind, UINT bytes, const void *data);
ID3D11Buffer *prog_buffer_on(ID3D11Device *dev, UINT bind, UINT bytes, const void *data);
void prog_viewport(UINT w, UINT h);

/* Subresource 0 of a 2D texture read back (copied to a staging texture, mapped): w x h texels
 * of `bpp` bytes, rows packed. The caller frees it. */
uint8_t *prog_readback(ID3D11Texture2D *tex, UINT *w, UINT *h, UINT bpp);
/* ... on another device (zeroes where the readback failed a check). */
uint8_t *prog_readback_on(ID3D11Device *dev, ID3D11DeviceContext *ctx, ID3D11Texture2D *tex,
                          UINT *w, UINT *h, UINT bpp);
uint8_t *prog_readback_buffer(ID3D11Buffer *buf, UINT bytes);

/* Drawing (prog_draw.c). An input layout of the n elements e for the vertex shader `vs_code`. */
ID3D11InputLayout *prog_layout(const D3D11_INPUT_ELEMENT_DESC *e, UINT n, ID3DBlob *vs_code);
/* Compiles the entries vs_entry and ps_entry (none when NULL) of src and binds them, with an
 * input layout of the n elements e (none when e is NULL); the application's references are
 * released (what the context binds stays alive). */
void prog_shaders(const char *src, const char *vs_entry, const char *ps_entry,
                  const D3D11_INPUT_ELEMENT_DESC *e, UINT n);
/* vb in slot 0 at offset 0, and the topology. */
void prog_vertices(ID3D11Buffer *vb, UINT stride, D3D11_PRIMITIVE_TOPOLOGY topology);

/* A scene's render target: made w x h of `format`, cleared to `color`, bound alone with a
 * viewport covering it. */
struct prog_canvas {
    ID3D11Texture2D *tex;
    ID3D11RenderTargetView *rtv;
    UINT w, h;
};
struct prog_canvas prog_canvas_begin(UINT w, UINT h, DXGI_FORMAT format, const FLOAT color[4]);
/* Reads the target back (RGBA8) and, when mode is not NULL, records it as the image "target";
 * clears the context's state and releases the target. The caller frees the image. */
uint8_t *prog_canvas_end(struct prog_canvas *c, const char *mode);

/* The same blend for colour and alpha of render target 0. */
ID3D11BlendState *prog_blend(BOOL enable, D3D11_BLEND src, D3D11_BLEND dst, D3D11_BLEND_OP op,
                             UINT8 mask);
/* A w x h depth buffer of `format` and its view. */
ID3D11DepthStencilView *prog_depth(UINT w, UINT h, DXGI_FORMAT format, ID3D11Texture2D **tex);
/* A DYNAMIC buffer the CPU writes, and the write: Map(type), `bytes` copied in at byte `at`,
 * Unmap; non-zero when the map succeeded. */
ID3D11Buffer *prog_dynamic_buffer(UINT bind, UINT bytes);
int prog_map_write(ID3D11DeviceContext *ctx, ID3D11Buffer *b, D3D11_MAP type, UINT at,
                   const void *data, UINT bytes);

/* Windows and swap chains (prog_window.c). A window (not shown) whose client area is w x h. */
HWND prog_window(UINT w, UINT h);
/* A windowed DISCARD chain of one w x h RGBA8 buffer for rendering into, in hwnd. */
void prog_chain_desc(DXGI_SWAP_CHAIN_DESC *d, HWND hwnd, UINT w, UINT h);
/* ... made by the device's factory; NULL (a failed check) when it is not made. */
IDXGISwapChain *prog_chain(HWND hwnd, UINT w, UINT h);

/* Results for the judge. mode: "exact" (clears, copies: every byte equal), "round" (each
 * 8-bit channel within 1: interpolation, blending, filtering), "edges N" (as round, and at
 * most N texels may differ more, on triangle edges where rasterisation rules meet float
 * rounding). */
void prog_result_image(const char *name, const uint8_t *px, UINT w, UINT h, UINT bpp,
                       const char *mode);
void prog_result_bytes(const char *name, const void *bytes, UINT n, const char *mode);
void prog_result_value(const char *name, const char *fmt, ...);

/* The texel at (x, y) of a packed readback. */
static inline const uint8_t *prog_px(const uint8_t *img, UINT w, UINT bpp, UINT x, UINT y)
{
    return img + ((size_t)y * w + x) * bpp;
}
/* Each channel of the RGBA8 texel within `tol` of r, g, b, a. */
int prog_near(const uint8_t *px, int r, int g, int b, int a, int tol);

#endif
