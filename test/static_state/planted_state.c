/* SPDX-License-Identifier: MIT */
/* What check_static_state.py must find (test static-state-finds-planted): zero-filled,
 * initialised, function-local and thread-local writable statics, and a hidden global (as
 * every global of libaerocmd's internal archive is). The constant table is allowed. */
static int calls;
static int seeded = 3;
static _Thread_local int per_thread;
static const int table[3] = {1, 2, 3};

int aerocmd_planted_state(int i);
__attribute__((visibility("hidden"))) int aerocmd_planted_hidden;

int aerocmd_planted_state(int i)
{
    static int local_total;
    seeded += i;
    per_thread++;
    aerocmd_planted_hidden += i;
    local_total += table[i % 3];
    return ++calls + seeded + local_total + per_thread;
}
