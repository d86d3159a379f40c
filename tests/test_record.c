/* Tests of arena/record.h helpers: exact seeds, run ids, and the command
 * fingerprint of arena/botproc.h that journal headers carry. */
#include <criterion/criterion.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "arena/botproc.h"
#include "arena/record.h"
#include "tests/support_scratch.h"

Test(record, a_seed_survives_as_text_to_64_bits)
{
    uint64_t v = 0;
    cJSON *s = cJSON_CreateString("18446744073709551615");
    cr_assert_eq(record_seed(s, &v), 0);
    cr_assert_eq(v, UINT64_MAX);
    cJSON_Delete(s);
    s = cJSON_CreateString("4338537574617041921");
    cr_assert_eq(record_seed(s, &v), 0);
    cr_assert_eq(v, 4338537574617041921ULL, "a double would have rounded this seed");
    cJSON_Delete(s);
}

Test(record, a_seed_that_is_not_a_count_is_refused)
{
    const char *bad[] = { "", "-1", "1e3", "12x", "18446744073709551616", " 7" };
    uint64_t v;
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        cJSON *s = cJSON_CreateString(bad[i]);
        cr_assert_eq(record_seed(s, &v), -1, "'%s' was taken as a seed", bad[i]);
        cJSON_Delete(s);
    }
    cJSON *n = cJSON_CreateNumber(-3);
    cr_assert_eq(record_seed(n, &v), -1);
    cJSON_Delete(n);
    cJSON *t = cJSON_CreateTrue();
    cr_assert_eq(record_seed(t, &v), -1);
    cJSON_Delete(t);
}

Test(record, run_ids_are_fresh_and_well_formed)
{
    char a[RECORD_RUN_ID_LEN + 1], b[RECORD_RUN_ID_LEN + 1];
    cr_assert_eq(record_new_run_id(a), 0);
    cr_assert_eq(record_new_run_id(b), 0);
    cr_assert(record_run_id_ok(a) && record_run_id_ok(b));
    cr_assert_str_neq(a, b);
    cr_assert_not(record_run_id_ok("0123456789ABCDEF"));
    cr_assert_not(record_run_id_ok("0123456789abcde"));
    cr_assert_not(record_run_id_ok(NULL));
}

Test(record, the_command_digest_follows_the_files_it_names)
{
    char path[PATH_MAX], d1[17], d2[17], d3[17], cmd[PATH_MAX + 32];
    snprintf(path, sizeof path, "%s", support_scratch_path("digest-XXXXXX"));
    int fd = mkstemp(path);
    cr_assert_geq(fd, 0);
    cr_assert_eq(write(fd, "one", 3), 3);
    snprintf(cmd, sizeof cmd, "%s --budget 10", path);
    cr_assert_eq(botproc_command_digest(cmd, d1), 0);
    cr_assert_eq(botproc_command_digest(cmd, d2), 0);
    cr_assert_str_eq(d1, d2);
    cr_assert_eq(write(fd, "two", 3), 3);
    close(fd);
    cr_assert_eq(botproc_command_digest(cmd, d3), 0);
    cr_assert_str_neq(d1, d3, "a changed bot file kept its digest");
    unlink(path);
    cr_assert_eq(botproc_command_digest("/nonexistent/bot --x", d1), -1);
    cr_assert_eq(botproc_command_digest("sh -c true", d1), 0, "sh is found in PATH");
}
