#define _GNU_SOURCE
#include "CWorkerProcess.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <unistd.h>

int rg_worker_spawn(const char *path, char *const argv[], int channel, pid_t *pid) {
    posix_spawn_file_actions_t actions;
    posix_spawnattr_t attributes;
    int status = posix_spawn_file_actions_init(&actions);
    if (status != 0) return status;
    status = posix_spawnattr_init(&attributes);
    if (status != 0) {
        posix_spawn_file_actions_destroy(&actions);
        return status;
    }
    sigset_t all, none;
    sigfillset(&all);
    sigemptyset(&none);
    char *const environment[] = { NULL };
    if ((status = posix_spawn_file_actions_adddup2(&actions, channel, 0)) == 0 &&
        (status = posix_spawn_file_actions_adddup2(&actions, channel, 1)) == 0 &&
        (status = posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)) == 0 &&
        (status = posix_spawn_file_actions_addclosefrom_np(&actions, 3)) == 0 &&
        (status = posix_spawnattr_setsigdefault(&attributes, &all)) == 0 &&
        (status = posix_spawnattr_setsigmask(&attributes, &none)) == 0 &&
        (status = posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK)) == 0) {
        status = posix_spawn(pid, path, &actions, &attributes, argv, environment);
    }
    posix_spawnattr_destroy(&attributes);
    posix_spawn_file_actions_destroy(&actions);
    return status;
}

int rg_worker_die_with_parent(void) {
    if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0) return -1;
    return getppid() == 1 ? -1 : 0;
}

static int set_limit(int resource, rlim_t soft, rlim_t hard) {
    struct rlimit limit = { soft, hard };
    return setrlimit(resource, &limit) == 0 ? 0 : errno;
}

int rg_worker_limit(unsigned long long bytes, unsigned long long seconds) {
    int status;
    if ((status = set_limit(RLIMIT_AS, bytes, bytes)) != 0) return status;
    if ((status = set_limit(RLIMIT_CPU, seconds, RLIM_INFINITY)) != 0) return status;
    if ((status = set_limit(RLIMIT_FSIZE, 0, 0)) != 0) return status;
    return set_limit(RLIMIT_CORE, 0, 0);
}

void rg_worker_allow_cpu(unsigned long long seconds) {
    struct rusage usage;
    if (getrusage(RUSAGE_SELF, &usage) != 0) return;
    rlim_t used = (rlim_t)(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec + 1);
    set_limit(RLIMIT_CPU, used + seconds, RLIM_INFINITY);
}

int rg_worker_close_file_access(void) {
    int lowest = 0;
    while (fcntl(lowest, F_GETFD) != -1) lowest += 1;
    return set_limit(RLIMIT_NOFILE, (rlim_t)lowest, (rlim_t)lowest);
}

unsigned long long rg_worker_virtual_size(void) {
    FILE *status = fopen("/proc/self/status", "r");
    if (status == NULL) return 0;
    char line[256];
    unsigned long long kib = 0;
    while (fgets(line, sizeof line, status) != NULL) {
        if (sscanf(line, "VmSize: %llu kB", &kib) == 1) break;
    }
    fclose(status);
    return kib * 1024;
}
