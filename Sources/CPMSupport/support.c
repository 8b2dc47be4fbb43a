#define _GNU_SOURCE
#include "CPMSupport.h"
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif
#if defined(__linux__)
#include <sys/syscall.h>
#include <sys/xattr.h>
#include <unistd.h>
#endif

int pm_rename_exchange(const char *from, const char *to) {
#if defined(__linux__) && defined(SYS_renameat2)
    return (int)syscall(SYS_renameat2, AT_FDCWD, from, AT_FDCWD, to, 2 /* RENAME_EXCHANGE */);
#else
    (void)from; (void)to;
    errno = ENOSYS;
    return -1;
#endif
}

void pm_fix_mmap_threshold(void) {
#if defined(__GLIBC__)
    mallopt(M_MMAP_THRESHOLD, 128 * 1024);
#endif
}

// A bump allocator for cmark (its `cmark_mem` callbacks): every block of one parse comes from a few large blocks,
// and the whole tree goes at once when the parse is converted, instead of one free() a node.
// The callbacks take no context, so the arena in use is per thread; pushes nest.

typedef struct pm_block {
    struct pm_block *next;
    size_t used;
    size_t size;
    _Alignas(16) unsigned char data[];
} pm_block;

typedef struct pm_arena {
    pm_block *blocks;       // the current block first
    size_t next_size;       // the size of the next block
    struct pm_arena *outer; // the arena this one was pushed over
} pm_arena;

static _Thread_local pm_arena *pm_current;

// Each allocation is preceded by its size, so that realloc knows what to copy.
#define PM_HEADER 16

// Blocks of arenas popped are kept for the next arenas (up to `PM_SPARE_LIMIT` bytes in all, shared by every thread)
// instead of going back to the system at once: a large board's body is parsed as dozens of chunks, each needing the
// same few MiB, and a block fresh from the system costs a page fault (and the kernel zeroing the page) for every
// 4 KiB touched, which was a third of all the page faults of a render. `pm_arena_release_spares` gives them back.
#define PM_SPARE_LIMIT ((size_t)16 << 20)

static pthread_mutex_t pm_spare_lock = PTHREAD_MUTEX_INITIALIZER;
static pm_block *pm_spares;    // kept blocks, any order
static size_t pm_spare_bytes;  // their sizes' sum

// The smallest kept block of at least `size` bytes, taken out of the spares; NULL when none is that large.
static pm_block *pm_spare_take(size_t size) {
    pthread_mutex_lock(&pm_spare_lock);
    pm_block **best = NULL;
    for (pm_block **link = &pm_spares; *link; link = &(*link)->next) {
        if ((*link)->size >= size && (!best || (*link)->size < (*best)->size)) best = link;
    }
    pm_block *block = NULL;
    if (best) {
        block = *best;
        *best = block->next;
        pm_spare_bytes -= block->size;
    }
    pthread_mutex_unlock(&pm_spare_lock);
    return block;
}

// Keeps `block` for a later arena, or frees it when the spares are full.
static void pm_spare_keep(pm_block *block) {
    pthread_mutex_lock(&pm_spare_lock);
    int kept = pm_spare_bytes + block->size <= PM_SPARE_LIMIT;
    if (kept) {
        block->next = pm_spares;
        pm_spares = block;
        pm_spare_bytes += block->size;
    }
    pthread_mutex_unlock(&pm_spare_lock);
    if (!kept) free(block);
}

void pm_arena_release_spares(void) {
    pthread_mutex_lock(&pm_spare_lock);
    pm_block *block = pm_spares;
    pm_spares = NULL;
    pm_spare_bytes = 0;
    pthread_mutex_unlock(&pm_spare_lock);
    while (block) {
        pm_block *next = block->next;
        free(block);
        block = next;
    }
}

// A block of at least `size` bytes of data: a kept one when one is large enough (its contents are not cleared: the
// arena's calloc clears what it hands out), else a new one.
static pm_block *pm_block_new(size_t size) {
    pm_block *block = pm_spare_take(size);
    if (!block) {
        block = malloc(sizeof(pm_block) + size);
        if (!block) {
            fprintf(stderr, "pm-render: out of memory\n");
            abort();
        }
        block->size = size;
    }
    block->next = NULL;
    block->used = 0;
    return block;
}

void pm_arena_push(size_t first_block) {
    pm_arena *arena = malloc(sizeof(pm_arena));
    if (!arena) {
        fprintf(stderr, "pm-render: out of memory\n");
        abort();
    }
    if (first_block < 4096) first_block = 4096;
    arena->blocks = pm_block_new(first_block);
    arena->next_size = first_block * 2;
    arena->outer = pm_current;
    pm_current = arena;
}

void pm_arena_pop(void) {
    pm_arena *arena = pm_current;
    if (!arena) abort();
    pm_block *block = arena->blocks;
    while (block) {
        pm_block *next = block->next;
        pm_spare_keep(block);
        block = next;
    }
    pm_current = arena->outer;
    free(arena);
}

static void *pm_arena_allocate(size_t size) {
    pm_arena *arena = pm_current;
    if (!arena) abort();
    size_t needed = (PM_HEADER + size + 15) & ~(size_t)15;
    pm_block *block = arena->blocks;
    if (block->size - block->used < needed) {
        if (needed > arena->next_size / 2) {
            // A large allocation gets a block of its own, behind the current one.
            pm_block *own = pm_block_new(needed);
            own->used = needed;
            own->next = block->next;
            block->next = own;
            *(size_t *)own->data = size;
            return own->data + PM_HEADER;
        }
        block = pm_block_new(arena->next_size);
        if (arena->next_size < (8u << 20)) arena->next_size *= 2;
        block->next = arena->blocks;
        arena->blocks = block;
    }
    unsigned char *start = block->data + block->used;
    block->used += needed;
    *(size_t *)start = size;
    return start + PM_HEADER;
}

void *pm_arena_calloc(size_t count, size_t size) {
    if (size != 0 && count > SIZE_MAX / size) abort();
    void *pointer = pm_arena_allocate(count * size);
    memset(pointer, 0, count * size);
    return pointer;
}

void *pm_arena_realloc(void *pointer, size_t size) {
    if (!pointer) return pm_arena_allocate(size);
    size_t old = *(size_t *)((unsigned char *)pointer - PM_HEADER);
    pm_block *block = pm_current->blocks;
    unsigned char *end = block->data + block->used;
    size_t old_needed = (PM_HEADER + old + 15) & ~(size_t)15;
    size_t new_needed = (PM_HEADER + size + 15) & ~(size_t)15;
    // The last allocation of the current block grows (or shrinks) in place when it fits.
    if ((unsigned char *)pointer - PM_HEADER + old_needed == end
        && block->used - old_needed + new_needed <= block->size) {
        block->used = block->used - old_needed + new_needed;
        *(size_t *)((unsigned char *)pointer - PM_HEADER) = size;
        return pointer;
    }
    if (size <= old) {
        *(size_t *)((unsigned char *)pointer - PM_HEADER) = size;
        return pointer;
    }
    void *moved = pm_arena_allocate(size);
    memcpy(moved, pointer, old);
    return moved;
}

void pm_arena_free(void *pointer) {
    (void)pointer;  // freed with the arena
}

// Signals that end a process (Ctrl-C, kill, a closed terminal) wait while a file is replaced: the handler notes the
// signal, and `pm_restore_signals` puts the old handlers back and raises it again once the temporary file is gone.
// Replacements may overlap (threads of one process): the handlers are set by the first and put back by the last.

static volatile sig_atomic_t pm_deferred_signal = 0;
static const int pm_deferred_numbers[3] = {SIGINT, SIGTERM, SIGHUP};
static struct sigaction pm_saved_actions[3];
static pthread_mutex_t pm_defer_lock = PTHREAD_MUTEX_INITIALIZER;
static int pm_defer_depth = 0;

static void pm_defer_handler(int number) {
    pm_deferred_signal = number;
}

void pm_defer_signals(void) {
    pthread_mutex_lock(&pm_defer_lock);
    if (pm_defer_depth++ == 0) {
        struct sigaction action;
        memset(&action, 0, sizeof action);
        action.sa_handler = pm_defer_handler;
        sigemptyset(&action.sa_mask);
        pm_deferred_signal = 0;
        for (int index = 0; index < 3; index++) {
            sigaction(pm_deferred_numbers[index], &action, &pm_saved_actions[index]);
            // A signal the process ignores (`nohup`, a parent's choice) stays ignored.
            if (pm_saved_actions[index].sa_handler == SIG_IGN) {
                sigaction(pm_deferred_numbers[index], &pm_saved_actions[index], NULL);
            }
        }
    }
    pthread_mutex_unlock(&pm_defer_lock);
}

int pm_signal_deferred(void) {
    return pm_deferred_signal;
}

void pm_restore_signals(void) {
    int number = 0;
    pthread_mutex_lock(&pm_defer_lock);
    if (--pm_defer_depth == 0) {
        for (int index = 0; index < 3; index++) {
            sigaction(pm_deferred_numbers[index], &pm_saved_actions[index], NULL);
        }
        number = pm_deferred_signal;
        pm_deferred_signal = 0;
    }
    pthread_mutex_unlock(&pm_defer_lock);
    if (number != 0) raise(number);
}

int pm_copy_xattrs(int from, int to, char *failed, size_t failed_size) {
#if defined(__linux__)
    ssize_t size = flistxattr(from, NULL, 0);
    if (size < 0) return (errno == ENOTSUP) ? 0 : -1;
    if (size == 0) return 0;
    char *names = malloc((size_t)size);
    if (names == NULL) return -1;
    size = flistxattr(from, names, (size_t)size);
    int result = size < 0 ? -1 : 0;
    for (ssize_t offset = 0; result == 0 && offset < size; offset += (ssize_t)strlen(names + offset) + 1) {
        const char *name = names + offset;
        ssize_t length = fgetxattr(from, name, NULL, 0);
        void *value = length > 0 ? malloc((size_t)length) : NULL;
        if (length < 0 || (length > 0 && value == NULL)) {
            result = -1;
        } else if (length > 0 && (length = fgetxattr(from, name, value, (size_t)length)) < 0) {
            result = -1;
        } else if (fsetxattr(to, name, value, (size_t)length, 0) != 0 && strncmp(name, "security.", 9) != 0) {
            result = -1;
        }
        if (result != 0 && failed != NULL && failed_size > 0) {
            int saved = errno;
            snprintf(failed, failed_size, "%s", name);
            errno = saved;
        }
        free(value);
    }
    int saved = errno;
    free(names);
    errno = saved;
    return result;
#else
    (void)from; (void)to; (void)failed; (void)failed_size;
    return 0;
#endif
}
