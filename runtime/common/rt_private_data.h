/* SPDX-License-Identifier: MIT */
/* rt_private_data.h — SetPrivateData / SetPrivateDataInterface / GetPrivateData as every
 * Direct3D 11 and DXGI object answers them. */
#ifndef RT_PRIVATE_DATA_H
#define RT_PRIVATE_DATA_H

#include <windows.h>
#include <unknwn.h>

struct rt_private_entry;

struct rt_private_store {
    struct rt_private_entry *head;
};

/* size bytes of data under guid, replacing what was there; data NULL removes it (size must
 * then be 0). */
HRESULT rt_private_set(struct rt_private_store *s, REFGUID guid, UINT size, const void *data);
/* An interface under guid, held (AddRef) until replaced, removed or the store cleared;
 * NULL removes it. */
HRESULT rt_private_set_interface(struct rt_private_store *s, REFGUID guid, const IUnknown *iface);
/* data NULL: *size gets the stored size. Too small: *size gets it and DXGI_ERROR_MORE_DATA.
 * Absent: *size = 0 and DXGI_ERROR_NOT_FOUND. An interface is returned AddRef'd. */
HRESULT rt_private_get(struct rt_private_store *s, REFGUID guid, UINT *size, void *data);
void rt_private_clear(struct rt_private_store *s);

#endif
