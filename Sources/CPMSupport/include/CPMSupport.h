#ifndef CPMSUPPORT_H
#define CPMSUPPORT_H

/// Atomically exchanges the two paths (Linux renameat2 with RENAME_EXCHANGE).
/// Returns 0 on success, -1 with errno set otherwise (ENOSYS/EINVAL where unsupported).
int pm_rename_exchange(const char *from, const char *to);

/// Keeps glibc's mmap threshold at its initial 128 KiB instead of letting it rise each time a large block is freed
/// (up to 32 MiB), so that large buffers keep coming from mmap and go back to the system when freed rather than
/// staying in the heap, fragmented. No-op where the C library is not glibc.
void pm_fix_mmap_threshold(void);

#endif
