/* SPDX-License-Identifier: MIT */
/* Semantic tracker: memory sizing, persistence across streams (with per-submission
 * allocation tables), reset, tracker-full behaviour and a churn test of the hash table. */
#include "semantic_harness.h"

static struct sb s;

static void test_sizing(void)
{
    struct aerocmd_semantic st;
    uint64_t small[2];
    size_t three = aerocmd_semantic_bytes_for(3);
    CHECK(aerocmd_semantic_bytes_for(0) > 0);
    CHECK_EQ(aerocmd_semantic_bytes_for(1), three);
    CHECK(aerocmd_semantic_bytes_for(4) > three);
    CHECK(aerocmd_semantic_bytes_for(1000) >= aerocmd_semantic_bytes_for(999));
    CHECK_EQ(aerocmd_semantic_bytes_for(0xFFFFFFFFu), 0);
    CHECK_EQ(aerocmd_semantic_init(NULL, tracker_mem, sizeof tracker_mem), AEROCMD_E_INVALID_ARG);
    CHECK_EQ(aerocmd_semantic_init(&st, NULL, 4096), AEROCMD_E_INVALID_ARG);
    CHECK_EQ(aerocmd_semantic_init(&st, small, sizeof small), AEROCMD_E_INVALID_ARG);
    CHECK_EQ(aerocmd_semantic_init(&st, tracker_mem, three - 8), AEROCMD_E_INVALID_ARG);
    /* any alignment works with the advertised size */
    CHECK_EQ(aerocmd_semantic_init(&st, (uint8_t *)tracker_mem + 3, three), AEROCMD_OK);
    CHECK_EQ(st.max_live, 3);
    CHECK_EQ(aerocmd_semantic_count(&st), 0);
    CHECK_EQ(aerocmd_semantic_init(&st, tracker_mem, aerocmd_semantic_bytes_for(100)), AEROCMD_OK);
    CHECK(st.max_live >= 100);
}

static void test_tracker_full(void)
{
    static uint8_t mem[4096];
    struct aerocmd_semantic st;
    struct aerocmd_diag diag;
    uint32_t fourth, export_at;
    CHECK_EQ(aerocmd_semantic_init(&st, mem + 1, aerocmd_semantic_bytes_for(3)), AEROCMD_OK);
    CHECK_EQ(st.max_live, 3);
    sb_begin(&s);
    sb_create_buffer(&s, 1, 16, 0, 0);
    sb_create_sampler(&s, 2);
    sb_create_rt(&s, 3);
    fourth = sb_create_input_layout(&s, 4);
    sb_end(&s);
    CHECK_EQ(run_stream(&st, &s, NULL, &diag), AEROCMD_E_OUT_OF_MEMORY);
    CHECK_EQ(diag.reason, AEROCMD_R_TRACKER_FULL);
    CHECK_EQ(diag.offset, fourth);
    CHECK_EQ(diag.opcode, AEROGPU_CMD_CREATE_INPUT_LAYOUT);
    CHECK_EQ(aerocmd_semantic_count(&st), 3);

    /* the three records persist; freeing one makes room */
    sb_begin(&s);
    sb_handle_packet(&s, AEROGPU_CMD_DESTROY_SAMPLER, 2);
    sb_create_input_layout(&s, 4);
    sb_handle_packet(&s, AEROGPU_CMD_SET_INPUT_LAYOUT, 4);
    sb_set_index_buffer(&s, 1);
    sb_end(&s);
    CHECK_EQ(run_stream(&st, &s, NULL, &diag), AEROCMD_OK);
    CHECK_EQ(aerocmd_semantic_count(&st), 3);

    /* an exported token needs a record too */
    sb_begin(&s);
    export_at = sb_share(&s, AEROGPU_CMD_EXPORT_SHARED_SURFACE, 3, 0x55);
    sb_end(&s);
    CHECK_EQ(run_stream(&st, &s, NULL, &diag), AEROCMD_E_OUT_OF_MEMORY);
    CHECK_EQ(diag.reason, AEROCMD_R_TRACKER_FULL);
    CHECK_EQ(diag.offset, export_at);
    CHECK_EQ(diag.opcode, AEROGPU_CMD_EXPORT_SHARED_SURFACE);
}

/* Runs the current stream `s`; expects success (reason NONE) or exactly this fault. */
static void expect(struct aerocmd_semantic *st, const struct aerocmd_alloc_table_view *table,
                   aerocmd_reason reason, uint32_t at, uint32_t opcode)
{
    struct aerocmd_diag diag;
    aerocmd_result r = run_stream(st, &s, table, &diag);
    if (reason == AEROCMD_R_NONE) {
        CHECK_EQ(r, AEROCMD_OK);
        return;
    }
    CHECK_EQ(r, AEROCMD_E_MALFORMED);
    CHECK_EQ(diag.reason, reason);
    CHECK_EQ(diag.offset, at);
    CHECK_EQ(diag.opcode, opcode);
}

/* Three per-submission tables: allocation 3 writable, allocation 3 READONLY, and one
 * without allocation 3. */
struct persist_tables {
    struct aerocmd_alloc_table_view rw, ro, other;
};

static void open_tables(struct persist_tables *t)
{
    static const struct sb_alloc rw[] = {{3, 0, 0x30000, 0x1000}};
    static const struct sb_alloc ro[] = {{3, AEROGPU_ALLOC_FLAG_READONLY, 0x30000, 0x1000}};
    static const struct sb_alloc other[] = {{4, 0, 0x40000, 0x1000}};
    static uint8_t b_rw[128], b_ro[128], b_other[128];
    CHECK_EQ(aerocmd_alloc_table_open(&t->rw, b_rw, sb_alloc_table(b_rw, rw, 1), NULL), AEROCMD_OK);
    CHECK_EQ(aerocmd_alloc_table_open(&t->ro, b_ro, sb_alloc_table(b_ro, ro, 1), NULL), AEROCMD_OK);
    CHECK_EQ(aerocmd_alloc_table_open(&t->other, b_other, sb_alloc_table(b_other, other, 1), NULL),
             AEROCMD_OK);
}

/* One trace, several submissions, each with its own allocation table: a buffer created in
 * allocation 3 may be bound anywhere, but dirtied or written back only where the table
 * lists (a writable) allocation 3. */
static void test_persistence(void)
{
    static const uint32_t vb[] = {1};
    struct persist_tables t;
    struct aerocmd_semantic st;
    uint32_t at;
    open_tables(&t);
    tracker_init(&st);

    sb_begin(&s);
    sb_create_buffer(&s, 1, 64, 3, 0x100);
    sb_create_shader(&s, 2, AEROGPU_SHADER_STAGE_VERTEX, 0);
    sb_end(&s);
    expect(&st, &t.rw, AEROCMD_R_NONE, 0, 0);
    CHECK_EQ(aerocmd_semantic_count(&st), 2);

    sb_begin(&s);
    sb_set_vertex_buffers(&s, vb, 1);
    sb_bind_shaders(&s, 2, 0, 0, 0);
    sb_end(&s);
    expect(&st, &t.other, AEROCMD_R_NONE, 0, 0);

    sb_begin(&s);
    at = sb_dirty_range(&s, 1, 0, 64);
    sb_end(&s);
    expect(&st, &t.other, AEROCMD_R_ALLOC_MISSING, at, AEROGPU_CMD_RESOURCE_DIRTY_RANGE);
    expect(&st, &t.rw, AEROCMD_R_NONE, 0, 0);
    expect(&st, NULL, AEROCMD_R_NONE, 0, 0);

    sb_begin(&s);
    sb_create_buffer(&s, 5, 64, 0, 0);
    at = sb_copy_buffer(&s, 1, 5, 0, 0, 64, AEROGPU_COPY_FLAG_WRITEBACK_DST);
    sb_end(&s);
    expect(&st, &t.other, AEROCMD_R_ALLOC_MISSING, at, AEROGPU_CMD_COPY_BUFFER);
    /* the failed stream still created buffer 5 before its fault */
    expect(&st, &t.rw, AEROCMD_R_HANDLE_EXISTS, 24, AEROGPU_CMD_CREATE_BUFFER);

    sb_begin(&s);
    at = sb_copy_buffer(&s, 1, 5, 0, 0, 64, AEROGPU_COPY_FLAG_WRITEBACK_DST);
    sb_end(&s);
    expect(&st, &t.ro, AEROCMD_R_WRITEBACK_READONLY, at, AEROGPU_CMD_COPY_BUFFER);
    expect(&st, &t.rw, AEROCMD_R_NONE, 0, 0);
    CHECK_EQ(aerocmd_semantic_count(&st), 3);
}

/* A destroy in one submission is seen by the next; a reset forgets everything. */
static void test_destroy_and_reset(void)
{
    static const uint32_t vb[] = {1};
    struct aerocmd_semantic st;
    uint32_t at;
    tracker_init(&st);
    sb_begin(&s);
    sb_create_buffer(&s, 1, 64, 0, 0);
    sb_create_shader(&s, 2, AEROGPU_SHADER_STAGE_VERTEX, 0);
    sb_end(&s);
    expect(&st, NULL, AEROCMD_R_NONE, 0, 0);
    sb_begin(&s);
    sb_handle_packet(&s, AEROGPU_CMD_DESTROY_RESOURCE, 1);
    sb_end(&s);
    expect(&st, NULL, AEROCMD_R_NONE, 0, 0);
    sb_begin(&s);
    at = sb_set_vertex_buffers(&s, vb, 1);
    sb_end(&s);
    expect(&st, NULL, AEROCMD_R_HANDLE_UNKNOWN, at, AEROGPU_CMD_SET_VERTEX_BUFFERS);
    CHECK_EQ(aerocmd_semantic_count(&st), 1);

    aerocmd_semantic_reset(&st);
    CHECK_EQ(aerocmd_semantic_count(&st), 0);
    sb_begin(&s);
    at = sb_bind_shaders(&s, 2, 0, 0, 0);
    sb_end(&s);
    expect(&st, NULL, AEROCMD_R_HANDLE_UNKNOWN, at, AEROGPU_CMD_BIND_SHADERS);
    /* the old handles are free again, for any kind */
    sb_begin(&s);
    sb_create_sampler(&s, 2);
    sb_create_rt(&s, 1);
    sb_end(&s);
    expect(&st, NULL, AEROCMD_R_NONE, 0, 0);
    CHECK_EQ(aerocmd_semantic_count(&st), 2);
}

/* Exports survive across streams; imports in a later stream see what the token names. */
static void test_sharing_across_streams(void)
{
    struct aerocmd_semantic st;
    struct aerocmd_diag diag;
    uint32_t at;
    tracker_init(&st);
    sb_begin(&s);
    sb_create_rt(&s, 1);
    sb_share(&s, AEROGPU_CMD_EXPORT_SHARED_SURFACE, 1, 0x1122334455667788ull);
    sb_end(&s);
    CHECK_EQ(run_stream(&st, &s, NULL, &diag), AEROCMD_OK);
    sb_begin(&s);
    sb_share(&s, AEROGPU_CMD_IMPORT_SHARED_SURFACE, 9, 0x1122334455667788ull);
    at = sb_set_index_buffer(&s, 9);
    sb_end(&s);
    CHECK_EQ(run_stream(&st, &s, NULL, &diag), AEROCMD_E_MALFORMED);
    CHECK_EQ(diag.reason, AEROCMD_R_HANDLE_KIND);
    CHECK_EQ(diag.offset, at);
    /* a token with the same low 32 bits is a different token */
    sb_begin(&s);
    sb_share(&s, AEROGPU_CMD_IMPORT_SHARED_SURFACE, 10, 0x55667788ull);
    sb_set_index_buffer(&s, 10);
    sb_end(&s);
    CHECK_EQ(run_stream(&st, &s, NULL, &diag), AEROCMD_OK);
    /* 1 texture, 1 token, 2 aliases */
    CHECK_EQ(aerocmd_semantic_count(&st), 4);
}

static uint32_t next_random(uint32_t *state)
{
    *state = *state * 1664525u + 1013904223u;
    return *state >> 8;
}

/* Handles that all land in one bucket of the tracker's hash (the multiply by 0x9E3779B1
 * whose top bits pick the bucket, after the object role's 0x85EBCA6B is mixed in): the
 * worst a guest can choose. handle_i * 0x9E3779B1 = i (mod 2^32) stays below any bucket
 * shift a table of up to 65,536 buckets uses, so every i < 65,536 shares bucket 0. */
static uint32_t colliding_handle(uint32_t i)
{
    uint32_t inverse = 0x9E3779B1u, n;
    for (n = 0; n < 5; n++)
        inverse *= 2u - 0x9E3779B1u * inverse;
    return (i * inverse) ^ 0x85EBCA6Bu;
}

static uint32_t plain_handle(uint32_t i)
{
    return i;
}

#define CHURN_HANDLES 3000u
#define CHURN_ROUNDS  12u
#define CHURN_STREAM  1000u

/* Creates and destroys thousands of objects across streams, filling the tracker to its
 * limit, and checks every handle's liveness against a shadow array after each round;
 * handle_of maps 1..3000 to the handles used. Returns creates + destroys. */
static uint32_t churn(uint32_t (*handle_of)(uint32_t), uint32_t objects, uint32_t seed)
{
    static uint8_t live[CHURN_HANDLES + 1];
    static uint8_t mem[300000];
    struct aerocmd_semantic st;
    struct aerocmd_diag diag;
    uint32_t round, mismatches = 0, changes = 0, h;
    memset(live, 0, sizeof live);
    CHECK_EQ(aerocmd_semantic_init(&st, mem, aerocmd_semantic_bytes_for(objects)), AEROCMD_OK);
    CHECK_EQ(st.max_live, objects);
    for (round = 0; round < CHURN_ROUNDS; round++) {
        uint32_t n, count = aerocmd_semantic_count(&st);
        sb_begin(&s);
        for (n = 0; n < CHURN_STREAM; n++) {
            h = 1 + next_random(&seed) % CHURN_HANDLES;
            if (live[h]) {
                sb_handle_packet(&s, AEROGPU_CMD_DESTROY_SAMPLER, handle_of(h));
                live[h] = 0;
                count--;
                changes++;
            } else if (count < st.max_live) {
                sb_create_sampler(&s, handle_of(h));
                live[h] = 1;
                count++;
                changes++;
            }
        }
        sb_end(&s);
        CHECK_EQ(run_stream(&st, &s, NULL, &diag), AEROCMD_OK);
        CHECK_EQ(aerocmd_semantic_count(&st), count);
        for (h = 1; h <= CHURN_HANDLES; h++) {
            uint32_t handle = handle_of(h);
            aerocmd_result r;
            sb_begin(&s);
            sb_set_samplers(&s, AEROGPU_SHADER_STAGE_PIXEL, &handle, 1);
            sb_end(&s);
            r = run_stream(&st, &s, NULL, &diag);
            if ((r == AEROCMD_OK) != (live[h] != 0))
                mismatches++;
        }
    }
    CHECK_EQ(mismatches, 0);
    return changes;
}

/* Sequential handles (as a user-mode driver numbers them), and handles that all collide:
 * the bucket's tree must stay a correct search tree through thousands of inserts and
 * removals (every shape of removal: leaf, one child, two children, the root). */
static void test_churn(void)
{
    CHECK_EQ((colliding_handle(1234) ^ 0x85EBCA6Bu) * 0x9E3779B1u, 1234u);
    CHECK(churn(plain_handle, 1536, 7) > 10000);
    CHECK(churn(colliding_handle, 2048, 11) > 10000);
}

int main(void)
{
    test_sizing();
    test_tracker_full();
    test_persistence();
    test_destroy_and_reset();
    test_sharing_across_streams();
    test_churn();
    return check_finish();
}
