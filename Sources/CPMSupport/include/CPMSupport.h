#ifndef CPMSUPPORT_H
#define CPMSUPPORT_H

/// Atomically exchanges the two paths (Linux renameat2 with RENAME_EXCHANGE).
/// Returns 0 on success, -1 with errno set otherwise (ENOSYS/EINVAL where unsupported).
int pm_rename_exchange(const char *from, const char *to);

/// Keeps glibc's mmap threshold at its initial 128 KiB instead of letting it rise each time a large block is freed
/// (up to 32 MiB), so that large buffers keep coming from mmap and go back to the system when freed rather than
/// staying in the heap, fragmented. No-op where the C library is not glibc.
void pm_fix_mmap_threshold(void);

#include <stddef.h>

/// Starts a bump allocator on this thread, over the one in use (arenas nest): the `pm_arena_*` callbacks below
/// allocate from it until `pm_arena_pop`, which frees everything it allocated at once. `first_block` is the size
/// of its first block (later ones double, up to 8 MiB).
void pm_arena_push(size_t first_block);
/// Frees the current arena and everything allocated from it, and makes the one it was pushed over current again.
/// Its blocks are kept for the next arenas (a few MiB at most, shared by all threads) until
/// `pm_arena_release_spares`.
void pm_arena_pop(void);
/// Gives the blocks kept by `pm_arena_pop` back to the system (after a board is parsed).
void pm_arena_release_spares(void);
/// calloc, realloc and free on the current arena (free does nothing), in the shape of cmark's `cmark_mem`.
void *pm_arena_calloc(size_t count, size_t size);
void *pm_arena_realloc(void *pointer, size_t size);
void pm_arena_free(void *pointer);

/// From here until `pm_restore_signals`, SIGINT, SIGTERM and SIGHUP are only noted (the process is replacing a
/// file and must remove its temporary file first).
void pm_defer_signals(void);
/// The signal noted since `pm_defer_signals` (0: none): a wait may give up.
int pm_signal_deferred(void);
/// Puts back the handlers `pm_defer_signals` replaced, then raises the signal noted meanwhile, if any. Calls nest:
/// the last of overlapping ones puts the handlers back.
void pm_restore_signals(void);

/// Copies the extended attributes of the file open as `from` (POSIX ACLs, user attributes, labels) to the one open as
/// `to`, so that a file written anew keeps them. Returns 0 (also where the file system has none), or -1 with errno
/// set and the name of the attribute that could not be copied in `failed` (of `failed_size` bytes). A label in the
/// `security.` namespace that cannot be set is left to the one the system gave the new file.
int pm_copy_xattrs(int from, int to, char *failed, size_t failed_size);

#endif
