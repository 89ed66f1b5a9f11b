/* SPDX-License-Identifier: MIT */
/* host_spare.c — the spare worker: a process forked ahead of the next connection that
 * starts its device at once (the Direct3D 12 device through vkd3d and lavapipe, the slow
 * part of a new connection, about 0.1 s) and then waits for the listener to hand it a
 * connection: the accepted socket travels over a socket pair (SCM_RIGHTS) with the
 * client's id. A client arriving while the spare is not ready gets a worker forked for it,
 * as if there were none. The device cannot be started in the listener and forked: a
 * process forked after Vulkan started has none of lavapipe's threads. */
#include <errno.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#include "host_device.h"

void host_process_name(const char *name)
{
#ifdef __linux__
    prctl(PR_SET_NAME, name, 0, 0, 0);
#else
    (void)name;
#endif
}

int host_spare_hand_over(int ctl, int fd, uint32_t client_id)
{
    union {
        struct cmsghdr align;
        char bytes[CMSG_SPACE(sizeof(int))];
    } control;
    struct msghdr msg;
    struct cmsghdr *c;
    struct iovec iov;
    iov.iov_base = &client_id;
    iov.iov_len = sizeof(client_id);
    memset(&msg, 0, sizeof(msg));
    memset(&control, 0, sizeof(control));
    msg.msg_iov = &iov;
    msg.msg_iovlen = 1;
    msg.msg_control = control.bytes;
    msg.msg_controllen = sizeof(control.bytes);
    c = CMSG_FIRSTHDR(&msg);
    c->cmsg_level = SOL_SOCKET;
    c->cmsg_type = SCM_RIGHTS;
    c->cmsg_len = CMSG_LEN(sizeof(int));
    memcpy(CMSG_DATA(c), &fd, sizeof(int));
    return sendmsg(ctl, &msg, MSG_NOSIGNAL) == (ssize_t)sizeof(client_id) ? 0 : -1;
}

/* The connection handed over on ctl (its id in *client_id), or -1 when the listener
 * closed ctl instead. */
static int take_over(int ctl, uint32_t *client_id)
{
    union {
        struct cmsghdr align;
        char bytes[CMSG_SPACE(sizeof(int))];
    } control;
    struct msghdr msg;
    struct cmsghdr *c;
    struct iovec iov;
    ssize_t n;
    int fd = -1;
    iov.iov_base = client_id;
    iov.iov_len = sizeof(*client_id);
    memset(&msg, 0, sizeof(msg));
    msg.msg_iov = &iov;
    msg.msg_iovlen = 1;
    msg.msg_control = control.bytes;
    msg.msg_controllen = sizeof(control.bytes);
    while ((n = recvmsg(ctl, &msg, 0)) < 0 && errno == EINTR)
        ;
    c = n == (ssize_t)sizeof(*client_id) ? CMSG_FIRSTHDR(&msg) : NULL;
    if (c != NULL && c->cmsg_level == SOL_SOCKET && c->cmsg_type == SCM_RIGHTS &&
        c->cmsg_len == CMSG_LEN(sizeof(int)))
        memcpy(&fd, CMSG_DATA(c), sizeof(int));
    return fd;
}

int host_spare_run(const struct host_worker_args *args, int ctl)
{
    struct host_worker_args a = *args;
    struct aerocmd_exec_error err;
    struct host_device dev;
    host_process_name("aerocmd spare");
    if (host_device_init(&dev, args->cfg, args->shared) != 0)
        return HOST_SPARE_FAILED;
    if (host_device_start(&dev, &err) != AEROCMD_OK || write(ctl, "r", 1) != 1) {
        host_device_release(&dev);
        return HOST_SPARE_FAILED;
    }
    a.fd = take_over(ctl, &a.client_id);
    close(ctl);
    if (a.fd < 0) {
        host_device_release(&dev);
        return 0;
    }
    a.device = &dev;
    return host_worker_run(&a);
}
