/* SPDX-License-Identifier: MIT */
/* peak_rss — runs a command with its standard output discarded and prints
 * "EXIT_STATUS PEAK_RSS_KB SECONDS". A process's peak RSS counts what its parent held
 * before exec, so the measuring parent has to be this small program, not the Python
 * test driver. */
#include <fcntl.h>
#include <stdio.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv)
{
    struct rusage usage;
    struct timespec start, end;
    int status = 0;
    pid_t child;
    if (argc < 2) {
        fprintf(stderr, "usage: peak_rss COMMAND [ARGS...]\n");
        return 2;
    }
    clock_gettime(CLOCK_MONOTONIC, &start);
    child = fork();
    if (child == 0) {
        int null = open("/dev/null", O_WRONLY);
        if (null >= 0)
            dup2(null, STDOUT_FILENO);
        execv(argv[1], argv + 1);
        _exit(127);
    }
    if (child < 0 || wait4(child, &status, 0, &usage) != child)
        return 2;
    clock_gettime(CLOCK_MONOTONIC, &end);
    printf("%d %ld %.3f\n", WIFEXITED(status) ? WEXITSTATUS(status) : -1, usage.ru_maxrss,
           (double)(end.tv_sec - start.tv_sec) + (double)(end.tv_nsec - start.tv_nsec) / 1e9);
    return 0;
}
