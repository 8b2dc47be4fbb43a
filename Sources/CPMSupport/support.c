#define _GNU_SOURCE
#include "CPMSupport.h"
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif
#if defined(__linux__)
#include <sys/syscall.h>
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
