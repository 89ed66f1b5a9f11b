/* SPDX-License-Identifier: MIT */
/* What check_static_state.py must find (test static-state-finds-planted): zero-filled,
 * initialised, function-local and thread-local writable statics. The constant table is
 * allowed. */
static int calls;
static int seeded = 3;
static _Thread_local int per_thread;
static const int table[3] = {1, 2, 3};

int aerocmd_planted_state(int i);

int aerocmd_planted_state(int i)
{
    static int local_total;
    seeded += i;
    per_thread++;
    local_total += table[i % 3];
    return ++calls + seeded + local_total + per_thread;
}
