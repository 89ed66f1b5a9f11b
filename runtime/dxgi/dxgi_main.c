/* SPDX-License-Identifier: MIT */
/* dxgi_main.c — dxgi.dll's exports: the factories (and, in dxgi_internal's kernel files,
 * the kernel thunks d3d11.dll uses). */
#include "dxgi_internal.h"

HRESULT WINAPI CreateDXGIFactory(REFIID riid, void **factory);
HRESULT WINAPI CreateDXGIFactory1(REFIID riid, void **factory);

HRESULT WINAPI CreateDXGIFactory(REFIID riid, void **factory)
{
    return dxgi_factory_create(FALSE, riid, factory);
}

HRESULT WINAPI CreateDXGIFactory1(REFIID riid, void **factory)
{
    return dxgi_factory_create(TRUE, riid, factory);
}
