#ifndef CPMSUPPORT_H
#define CPMSUPPORT_H

/// Atomically exchanges the two paths (Linux renameat2 with RENAME_EXCHANGE).
/// Returns 0 on success, -1 with errno set otherwise (ENOSYS/EINVAL where unsupported).
int pm_rename_exchange(const char *from, const char *to);

#endif
