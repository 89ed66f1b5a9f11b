/* SPDX-License-Identifier: MIT */
/* rt_states.h — state objects (rt_states.c: objects and their cache; rt_state_desc.c: the
 * descriptions checked, normalised and given to the driver). */
#ifndef RT_STATES_H
#define RT_STATES_H

#include "rt_internal.h"

union rt_state_desc {
    D3D11_BLEND_DESC blend;
    D3D11_DEPTH_STENCIL_DESC depth;
    D3D11_RASTERIZER_DESC raster;
    D3D11_SAMPLER_DESC sampler;
};

struct rt_state {
    struct rt_object obj;
    union rt_state_desc desc; /* zeroed past the member in use: compared whole */
};

/* The live state of kind with description d (normalised, checked), or a new one. */
HRESULT rt_state_create(struct rt_device *dev, enum rt_kind kind, const union rt_state_desc *d,
                        void **out);
SIZE_T rt_state_ddi_size(struct rt_device *dev, enum rt_kind kind, const union rt_state_desc *d);
/* The driver's Create* for s (its desc set); the error it reported. */
HRESULT rt_state_ddi_create(struct rt_device *dev, struct rt_state *s);

#endif
