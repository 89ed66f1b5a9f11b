/* SPDX-License-Identifier: MIT */
/* prog.c — the test programs' helpers (see prog.h). */
#include "prog.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

struct prog P;

HRESULT prog_create_device(ID3D11Device **dev, ID3D11DeviceContext **ctx, D3D_FEATURE_LEVEL *level)
{
    static const D3D_FEATURE_LEVEL levels[] = {D3D_FEATURE_LEVEL_11_0, D3D_FEATURE_LEVEL_10_1,
                                               D3D_FEATURE_LEVEL_10_0};
    return D3D11CreateDevice(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, levels, 3, D3D11_SDK_VERSION,
                             dev, level, ctx);
}

void prog_init(int argc, char **argv)
{
    HRESULT hr;
    memset(&P, 0, sizeof P);
    setvbuf(stdout, NULL, _IONBF, 0);
    P.out = argc > 1 ? fopen(argv[1], "w") : NULL;
    if (argc > 1 && P.out == NULL) {
        printf("cannot write %s\n", argv[1]);
        exit(2);
    }
    hr = prog_create_device(&P.dev, &P.ctx, &P.level);
    if (FAILED(hr)) {
        printf("D3D11CreateDevice failed: 0x%08lx\n", (unsigned long)hr);
        exit(2);
    }
    P.scene = "init";
}

int prog_finish(void)
{
    ULONG left;
    ID3D11DeviceContext_ClearState(P.ctx);
    ID3D11DeviceContext_Release(P.ctx);
    left = ID3D11Device_Release(P.dev);
    if (left != 0)
        printf("note: the device has %lu references left at exit\n", left);
    if (P.out != NULL)
        fclose(P.out);
    printf("%u passed, %u failed\n", P.passed, P.failed);
    return P.failed != 0;
}

void prog_scene(const char *name)
{
    P.scene = name;
    if (P.out != NULL)
        fprintf(P.out, "scene %s\n", name);
}

int prog_check(int ok, const char *what, const char *file, int line)
{
    if (ok) {
        P.passed++;
        return 1;
    }
    P.failed++;
    printf("FAIL %s: %s:%d: %s\n", P.scene, file, line, what);
    if (P.out != NULL)
        fprintf(P.out, "fail %s:%d %s\n", file, line, what);
    return 0;
}

int prog_check_hr(HRESULT got, HRESULT want, const char *what, const char *file, int line)
{
    if (got == want) {
        P.passed++;
        return 1;
    }
    P.failed++;
    printf("FAIL %s: %s:%d: %s returned 0x%08lx, expected 0x%08lx\n", P.scene, file, line, what,
           (unsigned long)got, (unsigned long)want);
    if (P.out != NULL)
        fprintf(P.out, "fail %s:%d %s returned 0x%08lx\n", file, line, what, (unsigned long)got);
    return 0;
}

int prog_refused(HRESULT hr, const char *id)
{
    if (hr != E_NOTIMPL)
        return 0;
    printf("%s: refused by the driver (doc/compatibility.md %s)\n", P.scene, id);
    prog_result_value("refused", "%s", id);
    return 1;
}

ID3DBlob *prog_compile(const char *src, const char *entry, const char *profile)
{
    ID3DBlob *code = NULL, *errors = NULL;
    HRESULT hr =
        D3DCompile(src, strlen(src), NULL, NULL, NULL, entry, profile, 0, 0, &code, &errors);
    if (FAILED(hr)) {
        printf("compiling %s (%s) failed: 0x%08lx %s\n", entry, profile, (unsigned long)hr,
               errors != NULL ? (const char *)ID3D10Blob_GetBufferPointer(errors) : "");
        exit(2);
    }
    if (errors != NULL)
        ID3D10Blob_Release(errors);
    return code;
}

ID3D11VertexShader *prog_vs_on(ID3D11Device *dev, const char *src, const char *entry,
                               ID3DBlob **code_out)
{
    ID3DBlob *code = prog_compile(src, entry, "vs_4_0");
    ID3D11VertexShader *vs = NULL;
    CHECK_HR(ID3D11Device_CreateVertexShader(dev, ID3D10Blob_GetBufferPointer(code),
                                             ID3D10Blob_GetBufferSize(code), NULL, &vs),
             S_OK);
    if (code_out != NULL)
        *code_out = code;
    else
        ID3D10Blob_Release(code);
    return vs;
}

ID3D11PixelShader *prog_ps_on(ID3D11Device *dev, const char *src, const char *entry)
{
    ID3DBlob *code = prog_compile(src, entry, "ps_4_0");
    ID3D11PixelShader *ps = NULL;
    CHECK_HR(ID3D11Device_CreatePixelShader(dev, ID3D10Blob_GetBufferPointer(code),
                                            ID3D10Blob_GetBufferSize(code), NULL, &ps),
             S_OK);
    ID3D10Blob_Release(code);
    return ps;
}

ID3D11VertexShader *prog_vs(const char *src, const char *entry, ID3DBlob **code_out)
{
    return prog_vs_on(P.dev, src, entry, code_out);
}

ID3D11PixelShader *prog_ps(const char *src, const char *entry)
{
    return prog_ps_on(P.dev, src, entry);
}

void prog_texture_desc(D3D11_TEXTURE2D_DESC *d, UINT w, UINT h, DXGI_FORMAT format,
                       D3D11_USAGE usage, UINT bind)
{
    memset(d, 0, sizeof *d);
    d->Width = w;
    d->Height = h;
    d->MipLevels = 1;
    d->ArraySize = 1;
    d->Format = format;
    d->SampleDesc.Count = 1;
    d->Usage = usage;
    d->BindFlags = bind;
}

ID3D11Texture2D *prog_texture(UINT w, UINT h, D3D11_USAGE usage, UINT bind, UINT cpu,
                              const void *data)
{
    D3D11_TEXTURE2D_DESC d;
    D3D11_SUBRESOURCE_DATA init = {data, w * 4, 0};
    ID3D11Texture2D *t = NULL;
    prog_texture_desc(&d, w, h, DXGI_FORMAT_R8G8B8A8_UNORM, usage, bind);
    d.CPUAccessFlags = cpu;
    CHECK_HR(ID3D11Device_CreateTexture2D(P.dev, &d, data != NULL ? &init : NULL, &t), S_OK);
    return t;
}

ID3D11Texture2D *prog_target(UINT w, UINT h, DXGI_FORMAT format, ID3D11RenderTargetView **rtv)
{
    D3D11_TEXTURE2D_DESC d;
    ID3D11Texture2D *t = NULL;
    prog_texture_desc(&d, w, h, format, D3D11_USAGE_DEFAULT,
                      D3D11_BIND_RENDER_TARGET | D3D11_BIND_SHADER_RESOURCE);
    if (!CHECK_HR(ID3D11Device_CreateTexture2D(P.dev, &d, NULL, &t), S_OK))
        exit(1);
    if (rtv != NULL)
        CHECK_HR(ID3D11Device_CreateRenderTargetView(P.dev, (ID3D11Resource *)t, NULL, rtv), S_OK);
    return t;
}

ID3D11Buffer *prog_buffer(UINT bind, UINT bytes, const void *data)
{
    return prog_buffer_on(P.dev, bind, bytes, data);
}

ID3D11Buffer *prog_buffer_on(ID3D11Device *dev, UINT bind, UINT bytes, const void *data)
{
    D3D11_BUFFER_DESC d;
    D3D11_SUBRESOURCE_DATA init;
    ID3D11Buffer *b = NULL;
    memset(&d, 0, sizeof d);
    d.ByteWidth = bytes;
    d.Usage = D3D11_USAGE_DEFAULT;
    d.BindFlags = bind;
    init.pSysMem = data;
    init.SysMemPitch = init.SysMemSlicePitch = 0;
    CHECK_HR(ID3D11Device_CreateBuffer(dev, &d, data != NULL ? &init : NULL, &b), S_OK);
    return b;
}

void prog_viewport(UINT w, UINT h)
{
    D3D11_VIEWPORT vp = {0.0f, 0.0f, (FLOAT)w, (FLOAT)h, 0.0f, 1.0f};
    ID3D11DeviceContext_RSSetViewports(P.ctx, 1, &vp);
}

uint8_t *prog_readback_on(ID3D11Device *dev, ID3D11DeviceContext *ctx, ID3D11Texture2D *tex,
                          UINT *w_out, UINT *h_out, UINT bpp)
{
    D3D11_TEXTURE2D_DESC d;
    D3D11_MAPPED_SUBRESOURCE m;
    ID3D11Texture2D *staging = NULL;
    uint8_t *img;
    UINT y;
    ID3D11Texture2D_GetDesc(tex, &d);
    d.MipLevels = 1;
    d.ArraySize = 1;
    d.Usage = D3D11_USAGE_STAGING;
    d.BindFlags = 0;
    d.CPUAccessFlags = D3D11_CPU_ACCESS_READ;
    d.MiscFlags = 0;
    *w_out = d.Width;
    *h_out = d.Height;
    img = (uint8_t *)calloc((size_t)d.Width * d.Height, bpp);
    if (!CHECK_HR(ID3D11Device_CreateTexture2D(dev, &d, NULL, &staging), S_OK))
        return img;
    ID3D11DeviceContext_CopySubresourceRegion(ctx, (ID3D11Resource *)staging, 0, 0, 0, 0,
                                              (ID3D11Resource *)tex, 0, NULL);
    if (CHECK_HR(ID3D11DeviceContext_Map(ctx, (ID3D11Resource *)staging, 0, D3D11_MAP_READ, 0, &m),
                 S_OK)) {
        for (y = 0; y < d.Height; y++)
            memcpy(img + (size_t)y * d.Width * bpp,
                   (const uint8_t *)m.pData + (size_t)y * m.RowPitch, (size_t)d.Width * bpp);
        ID3D11DeviceContext_Unmap(ctx, (ID3D11Resource *)staging, 0);
    }
    ID3D11Texture2D_Release(staging);
    return img;
}

uint8_t *prog_readback(ID3D11Texture2D *tex, UINT *w_out, UINT *h_out, UINT bpp)
{
    return prog_readback_on(P.dev, P.ctx, tex, w_out, h_out, bpp);
}

uint8_t *prog_readback_buffer(ID3D11Buffer *buf, UINT bytes)
{
    D3D11_BUFFER_DESC d;
    D3D11_MAPPED_SUBRESOURCE m;
    ID3D11Buffer *staging = NULL;
    uint8_t *out = (uint8_t *)calloc(bytes, 1);
    memset(&d, 0, sizeof d);
    d.ByteWidth = bytes;
    d.Usage = D3D11_USAGE_STAGING;
    d.CPUAccessFlags = D3D11_CPU_ACCESS_READ;
    if (!CHECK_HR(ID3D11Device_CreateBuffer(P.dev, &d, NULL, &staging), S_OK))
        exit(1);
    ID3D11DeviceContext_CopyResource(P.ctx, (ID3D11Resource *)staging, (ID3D11Resource *)buf);
    if (CHECK_HR(
            ID3D11DeviceContext_Map(P.ctx, (ID3D11Resource *)staging, 0, D3D11_MAP_READ, 0, &m),
            S_OK)) {
        memcpy(out, m.pData, bytes);
        ID3D11DeviceContext_Unmap(P.ctx, (ID3D11Resource *)staging, 0);
    }
    ID3D11Buffer_Release(staging);
    return out;
}

static void hex_rows(const uint8_t *bytes, size_t n, size_t row)
{
    size_t i;
    for (i = 0; i < n; i++)
        fprintf(P.out, "%02x%s", bytes[i], (i + 1) % row == 0 || i + 1 == n ? "\n" : "");
}

void prog_result_image(const char *name, const uint8_t *px, UINT w, UINT h, UINT bpp,
                       const char *mode)
{
    if (P.out == NULL)
        return;
    fprintf(P.out, "image %s %u %u %u %s\n", name, w, h, bpp, mode);
    hex_rows(px, (size_t)w * h * bpp, (size_t)w * bpp);
}

void prog_result_bytes(const char *name, const void *bytes, UINT n, const char *mode)
{
    if (P.out == NULL)
        return;
    fprintf(P.out, "bytes %s %u %s\n", name, n, mode);
    hex_rows((const uint8_t *)bytes, n, 32);
}

void prog_result_value(const char *name, const char *fmt, ...)
{
    va_list ap;
    if (P.out == NULL)
        return;
    fprintf(P.out, "value %s ", name);
    va_start(ap, fmt);
    vfprintf(P.out, fmt, ap);
    va_end(ap);
    fputc('\n', P.out);
}

int prog_near(const uint8_t *px, int r, int g, int b, int a, int tol)
{
    int want[4] = {r, g, b, a}, i;
    for (i = 0; i < 4; i++)
        if (abs((int)px[i] - want[i]) > tol)
            return 0;
    return 1;
}
