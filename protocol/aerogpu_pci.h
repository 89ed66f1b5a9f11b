/* SPDX-License-Identifier: MIT */
/* aerogpu_pci.h — PCI identity, MMIO register map, feature bits, formats and error codes of the
 * AeroGPU device. */
#ifndef AEROGPU_PCI_H
#define AEROGPU_PCI_H

#include "aerogpu_protocol_base.h"

#ifdef __cplusplus
extern "C" {
#endif

#define AEROGPU_ABI_MAJOR                           1u
#define AEROGPU_ABI_MINOR                           4u
#define AEROGPU_ABI_VERSION_U32                     ((AEROGPU_ABI_MAJOR << 16) | AEROGPU_ABI_MINOR)
#define AEROGPU_PCI_VENDOR_ID                       0xA3A0u
#define AEROGPU_PCI_DEVICE_ID                       1u
#define AEROGPU_PCI_SUBSYSTEM_VENDOR_ID             0xA3A0u
#define AEROGPU_PCI_SUBSYSTEM_ID                    1u
#define AEROGPU_PCI_CLASS_CODE_DISPLAY_CONTROLLER   3u
#define AEROGPU_PCI_SUBCLASS_VGA_COMPATIBLE         0u
#define AEROGPU_PCI_PROG_IF                         0u
#define AEROGPU_PCI_BAR0_INDEX                      0u
#define AEROGPU_PCI_BAR0_SIZE_BYTES                 65536u
#define AEROGPU_PCI_BAR1_INDEX                      1u
#define AEROGPU_PCI_BAR1_SIZE_BYTES                 67108864u
#define AEROGPU_PCI_BAR1_VBE_LFB_OFFSET_BYTES       262144u
#define AEROGPU_MMIO_REG_MAGIC                      0x0u
#define AEROGPU_MMIO_REG_ABI_VERSION                0x4u
#define AEROGPU_MMIO_REG_FEATURES_LO                0x8u
#define AEROGPU_MMIO_REG_FEATURES_HI                0xCu
#define AEROGPU_MMIO_MAGIC                          0x55504741u /* "AGPU" */
#define AEROGPU_FEATURE_FENCE_PAGE                  1u
#define AEROGPU_FEATURE_CURSOR                      2u
#define AEROGPU_FEATURE_SCANOUT                     4u
#define AEROGPU_FEATURE_VBLANK                      8u
#define AEROGPU_FEATURE_TRANSFER                    16u
#define AEROGPU_FEATURE_ERROR_INFO                  32u
#define AEROGPU_MMIO_REG_RING_GPA_LO                0x100u
#define AEROGPU_MMIO_REG_RING_GPA_HI                0x104u
#define AEROGPU_MMIO_REG_RING_SIZE_BYTES            0x108u
#define AEROGPU_MMIO_REG_RING_CONTROL               0x10Cu
#define AEROGPU_RING_CONTROL_ENABLE                 1u
#define AEROGPU_RING_CONTROL_RESET                  2u
#define AEROGPU_MMIO_REG_FENCE_GPA_LO               0x120u
#define AEROGPU_MMIO_REG_FENCE_GPA_HI               0x124u
#define AEROGPU_MMIO_REG_COMPLETED_FENCE_LO         0x130u
#define AEROGPU_MMIO_REG_COMPLETED_FENCE_HI         0x134u
#define AEROGPU_MMIO_REG_DOORBELL                   0x200u
#define AEROGPU_MMIO_REG_IRQ_STATUS                 0x300u
#define AEROGPU_MMIO_REG_IRQ_ENABLE                 0x304u
#define AEROGPU_MMIO_REG_IRQ_ACK                    0x308u
#define AEROGPU_IRQ_FENCE                           1u
#define AEROGPU_IRQ_SCANOUT_VBLANK                  2u
#define AEROGPU_IRQ_ERROR                           0x80000000u
#define AEROGPU_MMIO_REG_ERROR_CODE                 0x310u
#define AEROGPU_MMIO_REG_ERROR_FENCE_LO             0x314u
#define AEROGPU_MMIO_REG_ERROR_FENCE_HI             0x318u
#define AEROGPU_MMIO_REG_ERROR_COUNT                0x31Cu
#define AEROGPU_MMIO_REG_SCANOUT0_ENABLE            0x400u
#define AEROGPU_MMIO_REG_SCANOUT0_WIDTH             0x404u
#define AEROGPU_MMIO_REG_SCANOUT0_HEIGHT            0x408u
#define AEROGPU_MMIO_REG_SCANOUT0_FORMAT            0x40Cu
#define AEROGPU_MMIO_REG_SCANOUT0_PITCH_BYTES       0x410u
#define AEROGPU_MMIO_REG_SCANOUT0_FB_GPA_LO         0x414u
#define AEROGPU_MMIO_REG_SCANOUT0_FB_GPA_HI         0x418u
#define AEROGPU_MMIO_REG_SCANOUT0_VBLANK_SEQ_LO     0x420u
#define AEROGPU_MMIO_REG_SCANOUT0_VBLANK_SEQ_HI     0x424u
#define AEROGPU_MMIO_REG_SCANOUT0_VBLANK_TIME_NS_LO 0x428u
#define AEROGPU_MMIO_REG_SCANOUT0_VBLANK_TIME_NS_HI 0x42Cu
#define AEROGPU_MMIO_REG_SCANOUT0_VBLANK_PERIOD_NS  0x430u
#define AEROGPU_MMIO_REG_CURSOR_ENABLE              0x500u
#define AEROGPU_MMIO_REG_CURSOR_X                   0x504u
#define AEROGPU_MMIO_REG_CURSOR_Y                   0x508u
#define AEROGPU_MMIO_REG_CURSOR_HOT_X               0x50Cu
#define AEROGPU_MMIO_REG_CURSOR_HOT_Y               0x510u
#define AEROGPU_MMIO_REG_CURSOR_WIDTH               0x514u
#define AEROGPU_MMIO_REG_CURSOR_HEIGHT              0x518u
#define AEROGPU_MMIO_REG_CURSOR_FORMAT              0x51Cu
#define AEROGPU_MMIO_REG_CURSOR_FB_GPA_LO           0x520u
#define AEROGPU_MMIO_REG_CURSOR_FB_GPA_HI           0x524u
#define AEROGPU_MMIO_REG_CURSOR_PITCH_BYTES         0x528u

/* Error-info register values (ABI 1.3+). */
enum aerogpu_error_code {
    AEROGPU_ERROR_NONE = 0,
    AEROGPU_ERROR_CMD_DECODE = 1,
    AEROGPU_ERROR_OOB = 2,
    AEROGPU_ERROR_BACKEND = 3,
    AEROGPU_ERROR_INTERNAL = 65535,
};

/* Every format the stream can carry. sRGB twins share their UNORM layout; X8 formats read alpha as
 * one. */
enum aerogpu_format {
    AEROGPU_FORMAT_INVALID = 0,
    AEROGPU_FORMAT_B8G8R8A8_UNORM = 1,
    AEROGPU_FORMAT_B8G8R8X8_UNORM = 2,
    AEROGPU_FORMAT_R8G8B8A8_UNORM = 3,
    AEROGPU_FORMAT_R8G8B8X8_UNORM = 4,
    AEROGPU_FORMAT_B5G6R5_UNORM = 5,
    AEROGPU_FORMAT_B5G5R5A1_UNORM = 6,
    AEROGPU_FORMAT_B8G8R8A8_UNORM_SRGB = 7,
    AEROGPU_FORMAT_B8G8R8X8_UNORM_SRGB = 8,
    AEROGPU_FORMAT_R8G8B8A8_UNORM_SRGB = 9,
    AEROGPU_FORMAT_R8G8B8X8_UNORM_SRGB = 10,
    AEROGPU_FORMAT_D24_UNORM_S8_UINT = 32,
    AEROGPU_FORMAT_D32_FLOAT = 33,
    AEROGPU_FORMAT_BC1_RGBA_UNORM = 64,
    AEROGPU_FORMAT_BC1_RGBA_UNORM_SRGB = 65,
    AEROGPU_FORMAT_BC2_RGBA_UNORM = 66,
    AEROGPU_FORMAT_BC2_RGBA_UNORM_SRGB = 67,
    AEROGPU_FORMAT_BC3_RGBA_UNORM = 68,
    AEROGPU_FORMAT_BC3_RGBA_UNORM_SRGB = 69,
    AEROGPU_FORMAT_BC7_RGBA_UNORM = 70,
    AEROGPU_FORMAT_BC7_RGBA_UNORM_SRGB = 71,
};

#ifdef __cplusplus
}
#endif

#endif /* AEROGPU_PCI_H */
