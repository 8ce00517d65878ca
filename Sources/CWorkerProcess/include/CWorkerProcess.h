#ifndef CWORKERPROCESS_H
#define CWORKERPROCESS_H

#include <sys/types.h>

/// Starts `path` with `argv` as a worker: `channel` becomes its standard input and output,
/// standard error is /dev/null, every other descriptor is closed, every signal has its
/// default action and none is blocked, and the environment is empty. Returns 0 and sets
/// `pid`, or an errno value.
int rg_worker_spawn(const char *path, char *const argv[], int channel, pid_t *pid);

/// Called first by a worker: it is killed when the process that started it dies. Returns 0,
/// or -1 when that process is already gone.
int rg_worker_die_with_parent(void);

/// Caps the worker's address space at `bytes` (hard and soft), its CPU time at `seconds`
/// (the soft limit: SIGXCPU ends it; the command's wall-clock deadline is the hard stop),
/// its file writes at 0 bytes and its core dumps at none. Returns 0, or an errno value.
int rg_worker_limit(unsigned long long bytes, unsigned long long seconds);

/// Lets the worker use `seconds` more CPU time from now (the soft limit; SIGXCPU ends it
/// after that).
void rg_worker_allow_cpu(unsigned long long seconds);

/// No descriptor above the ones open now can be opened any more (RLIMIT_NOFILE at the
/// lowest free descriptor). Returns 0, or an errno value.
int rg_worker_close_file_access(void);

/// The process's current virtual size in bytes (VmSize), or 0 when it cannot be read.
unsigned long long rg_worker_virtual_size(void);

#endif
