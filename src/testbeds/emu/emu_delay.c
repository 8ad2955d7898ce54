/* emu_delay: the links of the emulated cluster (emucluster), in user space.
 *
 * The kernel here has no netem. In the switch namespace, iptables rules of
 * the FORWARD chain hand bridged IPv4 packets to NFQUEUE queue Q
 * (br_netfilter); this program reads them with libnetfilter-queue, holds
 * each as a star network of store-and-forward links would, and accepts it
 * at that time.
 *
 * Host i has a one-way delay D_i and a link of rate R_i (both directions,
 * full duplex). A frame of L bytes (IP length + 14 for the Ethernet header,
 * as tc counts it) from s to d arriving at time a goes
 *
 *     up   = max(a, up_free[s]) + L/R_s           up_free[s] = up
 *     down = max(up + D_s, down_free[d]) + L/R_d   down_free[d] = down
 *     release at down + D_d
 *
 * i.e. it is serialised on the sender's link, then on the receiver's link
 * behind whatever else goes to that host, and each link adds its delay. A
 * message of m >= L bytes in full frames thus takes
 * D_s + D_d + m/min(R_s, R_d) + L/max(R_s, R_d). Address not given: no
 * delay, infinite rate. Times are computed, not measured, so a late
 * wake-up delays one release but is not carried over to the next.
 *
 * Order: each pair's frames leave in the order they came (their times
 * only grow); frames of a fast pair never wait behind a slow pair's.
 *
 *   emu_delay [-q QUEUE] [-v] [--no-rt] ADDR=DELAY[/RATE]...
 *
 * DELAY is 0 or a number with a unit, ns, us, ms or s (e.g. 0.5ms); RATE a
 * number with bit, kbit, mbit, gbit or tbit (per second), or max (the
 * default: no serialisation). It prints "emu_delay: ready" on standard
 * output once it is bound to the queue, and statistics on standard error
 * at SIGTERM/SIGINT if -v. It runs SCHED_FIFO (priority 10) if it may, so
 * that a release is not late behind busy processes; --no-rt keeps the
 * normal policy.
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <limits.h>
#include <linux/netfilter.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include <libnetfilter_queue/libnetfilter_queue.h>

#define MAX_HOSTS 1024
#define QUEUE_MAXLEN 65536
#define RCVBUF_BYTES (32 * 1024 * 1024)

struct host {
    uint32_t addr; /* network order */
    uint64_t delay_ns;
    double ns_per_byte; /* 8e9 / rate, 0 for max */
};

struct held {
    uint64_t release_ns;
    uint64_t seq;
    uint32_t id;
};

static struct host hosts[MAX_HOSTS];
static int n_hosts;
/* when each host's link is free again, per direction (ns) */
static uint64_t *up_free, *down_free;
/* last release time of each pair (host indices; n_hosts: any other) */
static uint64_t *last_release;

static struct held *heap;
static size_t heap_len, heap_cap;
static uint64_t seq_next;

static struct nfq_q_handle *queue;
static volatile sig_atomic_t stop_signal;

/* Timed wake-ups come late (some 15 us in a virtual machine): sleep until
 * early_ns before a release and spin the rest; early_ns follows the mean
 * lateness seen. */
static double late_avg_ns = 15000;
static uint64_t early_ns = 20000;

/* statistics */
static uint64_t n_packets, n_delayed, n_verdict_errors, max_held, n_spins;

static void die(const char *fmt, const char *arg)
{
    fprintf(stderr, "emu_delay: ");
    fprintf(stderr, fmt, arg);
    fputc('\n', stderr);
    exit(1);
}

static uint64_t now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* "0", or a non-negative number followed by ns, us, ms or s. */
static int parse_delay(const char *text, uint64_t *ns)
{
    char *end = NULL;
    errno = 0;
    double v = strtod(text, &end);
    if (end == text || errno != 0 || !(v >= 0) || v > 1e3)
        return -1;
    double scale;
    if (strcmp(end, "ns") == 0)
        scale = 1;
    else if (strcmp(end, "us") == 0)
        scale = 1e3;
    else if (strcmp(end, "ms") == 0)
        scale = 1e6;
    else if (strcmp(end, "s") == 0)
        scale = 1e9;
    else if (*end == '\0' && v == 0)
        scale = 0;
    else
        return -1;
    double d = v * scale;
    if (d > 1e12) /* more than 1000 s */
        return -1;
    *ns = (uint64_t)(d + 0.5);
    return 0;
}

/* A number with bit, kbit, mbit, gbit or tbit, or max: ns per byte. */
static int parse_rate(const char *text, double *ns_per_byte)
{
    if (strcmp(text, "max") == 0) {
        *ns_per_byte = 0;
        return 0;
    }
    char *end = NULL;
    errno = 0;
    double v = strtod(text, &end);
    if (end == text || errno != 0 || !(v > 0))
        return -1;
    double scale;
    if (strcasecmp(end, "bit") == 0)
        scale = 1;
    else if (strcasecmp(end, "kbit") == 0)
        scale = 1e3;
    else if (strcasecmp(end, "mbit") == 0)
        scale = 1e6;
    else if (strcasecmp(end, "gbit") == 0)
        scale = 1e9;
    else if (strcasecmp(end, "tbit") == 0)
        scale = 1e12;
    else
        return -1;
    *ns_per_byte = 8e9 / (v * scale);
    return 0;
}

/* Index of a host by address; n_hosts if it is not one of them. */
static int host_of(uint32_t addr)
{
    for (int i = 0; i < n_hosts; i++)
        if (hosts[i].addr == addr)
            return i;
    return n_hosts;
}

/* Release time of a frame of len bytes from s to d arriving at t. */
static uint64_t release_of(int s, int d, uint64_t len, uint64_t t)
{
    if (s < n_hosts) {
        if (up_free[s] > t)
            t = up_free[s];
        t += (uint64_t)((double)len * hosts[s].ns_per_byte + 0.5);
        up_free[s] = t;
        t += hosts[s].delay_ns;
    }
    if (d < n_hosts) {
        if (down_free[d] > t)
            t = down_free[d];
        t += (uint64_t)((double)len * hosts[d].ns_per_byte + 0.5);
        down_free[d] = t;
        t += hosts[d].delay_ns;
    }
    return t;
}

static int earlier(const struct held *a, const struct held *b)
{
    return a->release_ns < b->release_ns ||
           (a->release_ns == b->release_ns && a->seq < b->seq);
}

static void heap_push(struct held h)
{
    if (heap_len == heap_cap) {
        size_t cap = heap_cap ? 2 * heap_cap : 1024;
        struct held *p = realloc(heap, cap * sizeof *p);
        if (!p)
            die("%s", "out of memory");
        heap = p;
        heap_cap = cap;
    }
    size_t i = heap_len++;
    while (i > 0) {
        size_t parent = (i - 1) / 2;
        if (!earlier(&h, &heap[parent]))
            break;
        heap[i] = heap[parent];
        i = parent;
    }
    heap[i] = h;
    if (heap_len > max_held)
        max_held = heap_len;
}

static struct held heap_pop(void)
{
    struct held top = heap[0];
    struct held last = heap[--heap_len];
    size_t i = 0;
    for (;;) {
        size_t c = 2 * i + 1;
        if (c >= heap_len)
            break;
        if (c + 1 < heap_len && earlier(&heap[c + 1], &heap[c]))
            c++;
        if (!earlier(&heap[c], &last))
            break;
        heap[i] = heap[c];
        i = c;
    }
    if (heap_len > 0)
        heap[i] = last;
    return top;
}

static void accept_packet(uint32_t id)
{
    if (nfq_set_verdict(queue, id, NF_ACCEPT, 0, NULL) < 0)
        n_verdict_errors++;
}

static int on_packet(struct nfq_q_handle *qh, struct nfgenmsg *msg,
                     struct nfq_data *nfa, void *data)
{
    (void)qh;
    (void)msg;
    (void)data;
    uint64_t arrival = now_ns();
    struct nfqnl_msg_packet_hdr *ph = nfq_get_msg_packet_hdr(nfa);
    if (!ph)
        return 0;
    uint32_t id = ntohl(ph->packet_id);
    unsigned char *payload = NULL;
    int len = nfq_get_payload(nfa, &payload);
    n_packets++;
    if (len < 20 || (payload[0] >> 4) != 4) {
        accept_packet(id);
        return 0;
    }
    uint32_t src, dst;
    uint16_t ip_len;
    memcpy(&src, payload + 12, 4);
    memcpy(&dst, payload + 16, 4);
    memcpy(&ip_len, payload + 2, 2);
    int s = host_of(src), d = host_of(dst);
    uint64_t *last = &last_release[(size_t)s * (size_t)(n_hosts + 1) + (size_t)d];
    uint64_t release = release_of(s, d, (uint64_t)ntohs(ip_len) + 14, arrival);
    if (release < *last)
        release = *last; /* never overtake the pair's previous packet */
    *last = release;
    if (release <= arrival) {
        accept_packet(id);
        return 0;
    }
    n_delayed++;
    struct held h = {release, seq_next++, id};
    heap_push(h);
    return 0;
}

static void on_signal(int sig)
{
    stop_signal = sig;
}

static void usage(FILE *f)
{
    fprintf(f,
            "usage: emu_delay [-q QUEUE] [-v] [--no-rt] ADDR=DELAY[/RATE]...\n"
            "Holds each IPv4 frame of NFQUEUE queue QUEUE (default 0) as a star\n"
            "of store-and-forward links would: serialised at R_src, then at\n"
            "R_dst behind other frames to dst, plus D_src + D_dst; then accepts\n"
            "it. DELAY is 0 or a number with ns, us, ms or s; RATE a number\n"
            "with bit, kbit, mbit, gbit or tbit, or max (the default).\n"
            "Started by emucluster.\n");
}

int main(int argc, char **argv)
{
    int queue_num = 0, verbose = 0, realtime = 1;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
            usage(stdout);
            return 0;
        } else if (strcmp(a, "-v") == 0) {
            verbose = 1;
        } else if (strcmp(a, "--no-rt") == 0) {
            realtime = 0;
        } else if (strcmp(a, "-q") == 0) {
            if (++i >= argc)
                die("%s", "-q needs a queue number");
            char *end = NULL;
            long q = strtol(argv[i], &end, 10);
            if (*argv[i] == '\0' || *end != '\0' || q < 0 || q > 65535)
                die("bad queue number '%s' (0..65535)", argv[i]);
            queue_num = (int)q;
        } else if (a[0] == '-') {
            die("unknown option '%s' (see emu_delay --help)", a);
        } else {
            const char *eq = strchr(a, '=');
            char addr[64], delay[64];
            if (!eq || (size_t)(eq - a) >= sizeof addr || strlen(eq + 1) >= sizeof delay)
                die("bad argument '%s' (want ADDR=DELAY[/RATE], e.g. 198.18.0.4=0.5ms/100mbit)", a);
            memcpy(addr, a, (size_t)(eq - a));
            addr[eq - a] = '\0';
            if (n_hosts == MAX_HOSTS)
                die("%s", "too many hosts");
            struct host *h = &hosts[n_hosts];
            if (inet_pton(AF_INET, addr, &h->addr) != 1)
                die("bad IPv4 address in '%s'", a);
            strcpy(delay, eq + 1);
            char *slash = strchr(delay, '/');
            h->ns_per_byte = 0;
            if (slash) {
                *slash = '\0';
                if (parse_rate(slash + 1, &h->ns_per_byte) != 0)
                    die("bad rate in '%s' (want a number with bit, kbit, mbit, gbit or tbit, or max)", a);
            }
            if (parse_delay(delay, &h->delay_ns) != 0)
                die("bad delay in '%s' (want 0 or a number with ns, us, ms or s)", a);
            for (int k = 0; k < n_hosts; k++)
                if (hosts[k].addr == h->addr)
                    die("address given twice in '%s'", a);
            n_hosts++;
        }
    }
    if (n_hosts == 0)
        die("%s", "no ADDR=DELAY given (see emu_delay --help)");
    last_release = calloc((size_t)(n_hosts + 1) * (size_t)(n_hosts + 1),
                          sizeof *last_release);
    up_free = calloc((size_t)n_hosts, sizeof *up_free);
    down_free = calloc((size_t)n_hosts, sizeof *down_free);
    if (!last_release || !up_free || !down_free)
        die("%s", "out of memory");

    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGHUP, &sa, NULL);
    sigset_t blocked, waitmask;
    sigemptyset(&blocked);
    sigaddset(&blocked, SIGTERM);
    sigaddset(&blocked, SIGINT);
    sigaddset(&blocked, SIGHUP);
    sigprocmask(SIG_BLOCK, &blocked, &waitmask);
    sigdelset(&waitmask, SIGTERM);
    sigdelset(&waitmask, SIGINT);
    sigdelset(&waitmask, SIGHUP);

    /* Wake up on time: 1 ns timer slack, and real-time if we may. */
    prctl(PR_SET_TIMERSLACK, 1UL, 0, 0, 0);
    if (realtime) {
        struct sched_param sp = {.sched_priority = 10};
        if (sched_setscheduler(0, SCHED_FIFO, &sp) != 0 && verbose)
            fprintf(stderr, "emu_delay: SCHED_FIFO refused (%s), normal policy\n",
                    strerror(errno));
    }

    struct nfq_handle *h = nfq_open();
    if (!h)
        die("cannot open netfilter queue handle: %s (root? nfnetlink_queue?)",
            strerror(errno));
    nfq_unbind_pf(h, AF_INET); /* fails harmlessly on current kernels */
    if (nfq_bind_pf(h, AF_INET) < 0)
        die("cannot bind to AF_INET: %s", strerror(errno));
    queue = nfq_create_queue(h, (uint16_t)queue_num, on_packet, NULL);
    if (!queue)
        die("cannot create queue: %s (another program on it?)", strerror(errno));
    if (nfq_set_mode(queue, NFQNL_COPY_PACKET, 64) < 0)
        die("cannot set copy mode: %s", strerror(errno));
    if (nfq_set_queue_maxlen(queue, QUEUE_MAXLEN) < 0)
        die("cannot set the queue length: %s", strerror(errno));
    /* No NFQA_CFG_F_GSO: the kernel cuts GSO packets into frames of at
     * most the MTU before queueing them, and frames are what links carry. */
    nfnl_rcvbufsiz(nfq_nfnlh(h), RCVBUF_BYTES);
    int fd = nfq_fd(h);
    int one = 1;
    setsockopt(fd, SOL_NETLINK, NETLINK_NO_ENOBUFS, &one, sizeof one);

    printf("emu_delay: ready, queue %d, %d address(es)\n", queue_num, n_hosts);
    fflush(stdout);

    static char buf[65536 + 4096];
    uint64_t n_recv_errors = 0;
    while (!stop_signal) {
        uint64_t now = now_ns();
        while (heap_len > 0 && heap[0].release_ns <= now)
            accept_packet(heap_pop().id);
        struct timespec timeout, *tp = NULL;
        uint64_t wake = 0;
        if (heap_len > 0) {
            uint64_t wait = heap[0].release_ns - now;
            if (wait <= early_ns) {
                /* Too close to sleep: a wake-up would be late. Spin, but
                 * take frames that come meanwhile. */
                struct pollfd pfd = {.fd = fd, .events = POLLIN};
                struct timespec zero = {0, 0};
                while (now_ns() < heap[0].release_ns)
                    if (ppoll(&pfd, 1, &zero, &waitmask) != 0)
                        break;
                n_spins++;
                if (!(pfd.revents & POLLIN))
                    continue;
            } else {
                /* Wake up early by the usual lateness, spin the rest. */
                wake = heap[0].release_ns - early_ns;
                wait -= early_ns;
                timeout.tv_sec = (time_t)(wait / 1000000000u);
                timeout.tv_nsec = (long)(wait % 1000000000u);
                tp = &timeout;
            }
        }
        struct pollfd pfd = {.fd = fd, .events = POLLIN};
        int r = tp || heap_len == 0 ? ppoll(&pfd, 1, tp, &waitmask) : 1;
        if (r < 0) {
            if (errno == EINTR)
                continue;
            die("poll: %s", strerror(errno));
        }
        if (r == 0) {
            /* Learn the lateness of timed wake-ups (moving average). */
            uint64_t late = now_ns() - wake;
            if (late > 200000)
                late = 200000;
            late_avg_ns = 0.95 * late_avg_ns + 0.05 * (double)late;
            early_ns = (uint64_t)(1.25 * late_avg_ns) + 2000;
            continue;
        }
        /* Read what is there; release times are checked between packets
         * so that a burst does not make held packets late. */
        for (;;) {
            ssize_t n = recv(fd, buf, sizeof buf, MSG_DONTWAIT);
            if (n < 0) {
                if (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)
                    break;
                if (errno == ENOBUFS) {
                    n_recv_errors++;
                    continue;
                }
                die("recv: %s", strerror(errno));
            }
            nfq_handle_packet(h, buf, (int)n);
            uint64_t t = now_ns();
            while (heap_len > 0 && heap[0].release_ns <= t)
                accept_packet(heap_pop().id);
        }
    }
    /* Let what is held go: the namespace is about to go anyway. */
    while (heap_len > 0)
        accept_packet(heap_pop().id);
    if (verbose)
        fprintf(stderr,
                "emu_delay: %llu packets, %llu delayed, at most %llu held, "
                "%llu spins, wake-ups %.1f us late on average, "
                "%llu verdict errors, %llu receive overruns\n",
                (unsigned long long)n_packets, (unsigned long long)n_delayed,
                (unsigned long long)max_held, (unsigned long long)n_spins,
                late_avg_ns / 1e3,
                (unsigned long long)n_verdict_errors,
                (unsigned long long)n_recv_errors);
    nfq_destroy_queue(queue);
    nfq_close(h);
    return 0;
}
