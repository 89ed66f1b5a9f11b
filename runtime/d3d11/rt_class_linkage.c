/* SPDX-License-Identifier: MIT */
/* rt_class_linkage.c — ID3D11ClassLinkage and the class instances it creates. A linkage is
 * the runtime's own object (no DDI call makes one): Direct3D 11 creates it at every feature
 * level, and programs pass it to Create*Shader whether or not their shaders use interfaces.
 * Dynamic linkage itself needs shader model 5 (feature level 11_0, which this driver does
 * not report), so no shader of this device has classes: GetClassInstance finds nothing
 * (E_INVALIDARG), CreateClassInstance makes an instance that only describes itself, and
 * the *SetShader calls take no instances for these shaders (rt_ctx_stages.c). */
#include <string.h>

#include "rt_internal.h"

#define TYPE_NAME_MAX 256u

struct rt_class_instance {
    struct rt_object obj;
    struct rt_object *linkage; /* held */
    D3D11_CLASS_INSTANCE_DESC desc;
    char type_name[TYPE_NAME_MAX];
};

RT_CHILD_METHODS(linkage, ID3D11ClassLinkage)
RT_CHILD_METHODS(instance, ID3D11ClassInstance)

static void linkage_destroy(struct rt_object *obj)
{
    (void)obj;
}

static void instance_destroy(struct rt_object *obj)
{
    rt_object_drop(((struct rt_class_instance *)obj)->linkage);
}

extern const ID3D11ClassLinkageVtbl rt_class_linkage_vtbl;
extern const ID3D11ClassInstanceVtbl rt_class_instance_vtbl;

static const IID *const linkage_iids[] = {&IID_ID3D11ClassLinkage, NULL};
static const IID *const instance_iids[] = {&IID_ID3D11ClassInstance, NULL};
static const struct rt_object_ops linkage_ops = {linkage_iids, linkage_destroy};
static const struct rt_object_ops instance_ops = {instance_iids, instance_destroy};

static HRESULT STDMETHODCALLTYPE linkage_get_instance(ID3D11ClassLinkage *iface, LPCSTR name,
                                                      UINT index, ID3D11ClassInstance **out)
{
    (void)iface;
    (void)name;
    (void)index;
    if (out != NULL)
        *out = NULL;
    return E_INVALIDARG; /* no shader of this device declares class instances */
}

static HRESULT STDMETHODCALLTYPE linkage_create_instance(ID3D11ClassLinkage *iface, LPCSTR type,
                                                         UINT cb_offset, UINT cb_vector_offset,
                                                         UINT texture_offset, UINT sampler_offset,
                                                         ID3D11ClassInstance **out)
{
    struct rt_object *linkage = (struct rt_object *)iface;
    struct rt_class_instance *c;
    if (type == NULL || strlen(type) >= TYPE_NAME_MAX || out == NULL)
        return E_INVALIDARG;
    c = (struct rt_class_instance *)rt_object_new(linkage->device, sizeof *c, RT_CLASS_INSTANCE,
                                                  &rt_class_instance_vtbl, &instance_ops, 0);
    if (c == NULL)
        return E_OUTOFMEMORY;
    c->linkage = linkage;
    rt_object_hold(linkage);
    strcpy(c->type_name, type);
    c->desc.ConstantBuffer = cb_offset;
    c->desc.BaseConstantBufferOffset = cb_vector_offset;
    c->desc.BaseTexture = texture_offset;
    c->desc.BaseSampler = sampler_offset;
    c->desc.Created = TRUE;
    *out = (ID3D11ClassInstance *)c;
    return S_OK;
}

const ID3D11ClassLinkageVtbl rt_class_linkage_vtbl = {RT_CHILD_VTBL(linkage), linkage_get_instance,
                                                      linkage_create_instance};

static struct rt_class_instance *instance_from(ID3D11ClassInstance *iface)
{
    return (struct rt_class_instance *)iface;
}

static void STDMETHODCALLTYPE instance_get_linkage(ID3D11ClassInstance *iface,
                                                   ID3D11ClassLinkage **out)
{
    struct rt_object *linkage = instance_from(iface)->linkage;
    rt_object_addref(linkage);
    *out = (ID3D11ClassLinkage *)linkage;
}

static void STDMETHODCALLTYPE instance_get_desc(ID3D11ClassInstance *iface,
                                                D3D11_CLASS_INSTANCE_DESC *out)
{
    *out = instance_from(iface)->desc;
}

/* A name into a buffer of *length bytes (NULL buffer: *length gets the size it needs,
 * the terminating zero included). */
static void copy_name(const char *name, LPSTR buffer, SIZE_T *length)
{
    SIZE_T need = strlen(name) + 1u;
    if (length == NULL)
        return;
    if (buffer != NULL && *length > 0) {
        SIZE_T n = need < *length ? need : *length;
        memcpy(buffer, name, n - 1u);
        buffer[n - 1u] = '\0';
    }
    *length = need;
}

/* An instance made by CreateClassInstance has a type but no instance name. */
static void STDMETHODCALLTYPE instance_get_name(ID3D11ClassInstance *iface, LPSTR buffer,
                                                SIZE_T *length)
{
    (void)iface;
    copy_name("", buffer, length);
}

static void STDMETHODCALLTYPE instance_get_type(ID3D11ClassInstance *iface, LPSTR buffer,
                                                SIZE_T *length)
{
    copy_name(instance_from(iface)->type_name, buffer, length);
}

const ID3D11ClassInstanceVtbl rt_class_instance_vtbl = {RT_CHILD_VTBL(instance),
                                                        instance_get_linkage, instance_get_desc,
                                                        instance_get_name, instance_get_type};

HRESULT STDMETHODCALLTYPE rt_create_class_linkage(ID3D11Device *iface, ID3D11ClassLinkage **out)
{
    struct rt_object *l;
    if (out == NULL)
        return E_INVALIDARG;
    *out = NULL;
    l = (struct rt_object *)rt_object_new(rt_device_from(iface), sizeof *l, RT_CLASS_LINKAGE,
                                          &rt_class_linkage_vtbl, &linkage_ops, 0);
    if (l == NULL)
        return E_OUTOFMEMORY;
    *out = (ID3D11ClassLinkage *)l;
    return S_OK;
}
