// SPDX-License-Identifier: MIT
//! Calling libaerocmd from Rust through its C ABI: a DRAW and a DISPATCH written into a
//! caller-owned buffer, the stream validated, and the bytes checked against the AeroGPU
//! ABI 1.4 layouts (protocol/aerogpu-abi-1.4.json).
//!
//! Build and run against a libaerocmd build (see README.md, "From Rust"):
//!     rustc --edition 2021 examples/rust/aerocmd_ffi.rs -L build/libaerocmd -l aerocmd
//!     LD_LIBRARY_PATH=build/libaerocmd ./aerocmd_ffi
//!
//! The declarations below are written by hand from libaerocmd/include/aerocmd/*.h;
//! bindgen can generate them instead (README.md says how).

use std::ffi::CStr;
use std::os::raw::{c_char, c_int, c_void};

/// struct aerocmd_writer (writer.h). Treat as opaque: only the library touches the fields.
#[repr(C)]
pub struct AerocmdWriter {
    base: *mut u8,
    used: u32,
    capacity: u32,
    alloc: *const c_void,
    abi_version: u32,
}

/// struct aerocmd_diag (result.h): why a stream was refused.
#[repr(C)]
#[derive(Default, Debug)]
pub struct AerocmdDiag {
    pub reason: u32,
    pub offset: u32,
    pub opcode: u32,
}

pub const AEROCMD_OK: c_int = 0;
pub const AEROGPU_ABI_VERSION_U32: u32 = (1 << 16) | 4; // aerogpu_pci.h: ABI 1.4

extern "C" {
    fn aerocmd_version() -> *const c_char;
    fn aerocmd_writer_init_span(w: *mut AerocmdWriter, buf: *mut c_void, capacity: usize,
                                abi_version: u32) -> c_int;
    fn aerocmd_writer_data(w: *const AerocmdWriter) -> *const u8;
    fn aerocmd_writer_size(w: *const AerocmdWriter) -> u32;
    fn aerocmd_append_draw(w: *mut AerocmdWriter, vertex_count: u32, instance_count: u32,
                           first_vertex: u32, first_instance: u32) -> c_int;
    fn aerocmd_append_dispatch(w: *mut AerocmdWriter, x: u32, y: u32, z: u32) -> c_int;
    fn aerocmd_validate_stream(buf: *const c_void, len: usize, diag: *mut AerocmdDiag) -> c_int;
    fn aerocmd_result_name(result: c_int) -> *const c_char;
}

fn u32_at(bytes: &[u8], offset: usize) -> u32 {
    u32::from_le_bytes(bytes[offset..offset + 4].try_into().unwrap())
}

fn check(result: c_int, what: &str) -> Result<(), String> {
    if result == AEROCMD_OK {
        return Ok(());
    }
    let name = unsafe { CStr::from_ptr(aerocmd_result_name(result)) };
    Err(format!("{what}: {}", name.to_string_lossy()))
}

fn run() -> Result<(), String> {
    let mut storage = vec![0u32; 64]; // u32 storage: the stream is 4-byte aligned
    let mut w = std::mem::MaybeUninit::<AerocmdWriter>::uninit();
    let bytes = unsafe {
        check(aerocmd_writer_init_span(w.as_mut_ptr(), storage.as_mut_ptr().cast(),
                                       storage.len() * 4, AEROGPU_ABI_VERSION_U32), "init")?;
        let w = w.assume_init_mut();
        check(aerocmd_append_draw(w, 3, 1, 0, 0), "draw")?;
        check(aerocmd_append_dispatch(w, 8, 4, 1), "dispatch")?;
        let mut diag = AerocmdDiag::default();
        let (data, size) = (aerocmd_writer_data(w), aerocmd_writer_size(w) as usize);
        check(aerocmd_validate_stream(data.cast(), size, &mut diag),
              &format!("validate ({diag:?})"))?;
        std::slice::from_raw_parts(data, size).to_vec()
    };
    // Stream header (24 bytes, "ACMD", size_bytes at 8), DRAW 0x601 (24), DISPATCH 0x603 (24).
    let want = [(0, 0x444d4341), (8, 72), (24, 0x601), (28, 24), (32, 3), (36, 1),
                (48, 0x603), (52, 24), (56, 8), (60, 4), (64, 1), (68, 0)];
    if bytes.len() != 72 {
        return Err(format!("stream is {} bytes, want 72", bytes.len()));
    }
    for (offset, value) in want {
        if u32_at(&bytes, offset) != value {
            return Err(format!("u32 at {offset} is {:#x}, want {value:#x}",
                               u32_at(&bytes, offset)));
        }
    }
    let version = unsafe { CStr::from_ptr(aerocmd_version()) };
    println!("libaerocmd {} from Rust: {}-byte stream, DRAW + DISPATCH, valid",
             version.to_string_lossy(), bytes.len());
    Ok(())
}

fn main() {
    if let Err(e) = run() {
        eprintln!("aerocmd_ffi: {e}");
        println!("0 passed, 1 failed");
        std::process::exit(1);
    }
    println!("1 passed, 0 failed");
}
