/* sprt_live.c - the live side of arena sprt (sprt_live.h). */
#include <stdio.h>
#include <string.h>
#include "arena/tournament/sprt_live.h"
#include "engine/rng.h"
#include "stats/sprt_report.h"

void sprt_live_status(struct sprt_live *l, int last)
{
    char line[512];
    if (l->quiet) return;
    sprt_report_status(l->tally, line, sizeof line);
    if (l->terminal) {
        printf("\r%s\033[K%s", line, last ? "\n" : "");
    } else if (last ? l->shown != (int)l->tally->n_steps
                    : l->tally->n_steps == 1 || l->tally->n_steps % SPRT_LIVE_STATUS_EVERY == 0) {
        printf("%s\n", line);
        l->shown = (int)l->tally->n_steps;
    }
    fflush(stdout);
}

/* The index of the next partie not yet recorded from `from` on, or -1. */
static long upcoming(const struct sprt_live *l, long from)
{
    while (from < l->per_set * l->max_pairs && l->recorded[from]) from++;
    return from < l->per_set * l->max_pairs ? from : -1;
}

/* The job of partie `index` (id - 1). */
static void job_of(const struct sprt_live *l, long index, struct runner_job *job)
{
    long pair = index / l->per_set;
    memset(job, 0, sizeof *job);
    job->partie_id = (uint64_t)index + 1;
    job->seed = pq_rng_mix(l->seed, (uint64_t)pair + 1);
    job->first_dealer = (int)(index % 2);
    job->bots[0] = l->config->bots[0];
    job->bots[1] = l->config->bots[1];
    if (l->game) {
        /* The same packs with the sides swapped, not the first dealer. */
        const struct seating *seating = &l->seatings[index % l->per_set];
        job->first_dealer = 0;
        for (int p = 0; p < seating->players; p++) job->bots[p] = l->config->bots[seating->entrant[p]];
    }
    job->tag = index;
    job->pair = pair + 1;   /* 0 would mean "no pair" */
}

int sprt_live_next(void *ctx, struct runner_job *job)
{
    struct sprt_live *l = ctx;
    long index = upcoming(l, l->next_partie);
    if (index < 0) {
        l->next_partie = l->per_set * l->max_pairs;
        return 0;
    }
    job_of(l, index, job);
    l->next_partie = index + 1;
    return 1;
}

int sprt_live_peek(void *ctx, struct runner_job *job)
{
    const struct sprt_live *l = ctx;
    long index = upcoming(l, l->next_partie);
    if (index < 0) return 0;
    job_of(l, index, job);
    return 1;
}

/* Counts partie `index` (id - 1) of a pair; when it completes the pair, the
 * pair goes into the tally. 0, or -1 when out of memory. */
int sprt_live_count(struct sprt_live *l, long index, struct sprt_live_result result)
{
    long pair = index / l->per_set;
    l->results[index] = result;
    if (++l->pair_parties[pair] < l->per_set || l->tally->decision != SPRT_CONTINUE) return 0;
    if (l->filled) {
        /* A set: the test's margin over the base, and their comparisons. */
        double margin = 0, score = 0;
        int wins = 0, draws = 0, losses = 0;
        for (int k = 0; k < l->per_set; k++) {
            const struct sprt_live_result *r = &l->results[pair * l->per_set + k];
            margin += r->points;
            score += r->score;
            wins += r->score == 1;
            draws += r->score == 0.5;
            losses += r->score == 0;
        }
        return sprt_tally_add_set(l->tally, score / l->per_set, margin, wins, draws, losses);
    }
    double score[2] = { l->results[2 * pair].score, l->results[2 * pair + 1].score };
    int points[2] = { l->results[2 * pair].points, l->results[2 * pair + 1].points };
    return sprt_tally_add(l->tally, score, points);
}

struct sprt_live_result sprt_live_result_of(int winner, int settlement)
{
    return (struct sprt_live_result){ winner == 0 ? 1 : winner < 0 ? 0.5 : 0,
                                   winner == 0 ? settlement : winner < 0 ? 0 : -settlement };
}

/* Whether a bot is over --max-faults; says who in l->stopped. */
int sprt_live_over_faults(struct sprt_live *l)
{
    for (int p = 0; p < 2 && l->max_faults > 0; p++)
        if (l->faults[p] >= l->max_faults) {
            snprintf(l->stopped, sizeof l->stopped, "inconclusive: %s faulted %d times (--max-faults %d)",
                     l->config->bots[p].name, l->faults[p], l->max_faults);
            return 1;
        }
    return 0;
}

struct sprt_live_result sprt_live_game_result(const struct sprt_live *l, long index, const long *points, int winner)
{
    const struct seating *seating = &l->seatings[index % l->per_set];
    int mine = -1, base = -1;
    for (int p = 0; p < seating->players; p++) {
        if (mine < 0 && seating->entrant[p] == 0) mine = p;
        if (base < 0 && seating->entrant[p] == 1) base = p;
    }
    if (l->filled) {
        /* The test against the base at the same table. */
        long d = points[mine] - points[base];
        return (struct sprt_live_result){ d > 0 ? 1 : d < 0 ? 0 : 0.5, (int)d };
    }
    double score = winner < 0 ? 0.5 : seating->entrant[winner] == 0 ? 1 : 0;
    return (struct sprt_live_result){ score, (int)points[mine] };
}

void sprt_live_game_faults(const struct sprt_live *l, long index, const int (*faults)[CODEC_FAULTS], int out[2])
{
    const struct seating *seating = &l->seatings[index % l->per_set];
    out[0] = out[1] = 0;
    for (int p = 0; p < seating->players; p++)
        for (int f = 0; f < CODEC_FAULTS && seating->entrant[p] < 2; f++) out[seating->entrant[p]] += faults[p][f];
}

void sprt_live_done(void *ctx, const struct runner_job *job, struct referee *ref)
{
    struct sprt_live *l = ctx;
    char err[512];
    struct journal *journals[2] = { &l->journal, &l->record };
    for (int j = 0; j < 2; j++) {
        if (journals[j]->fd < 0) continue;
        cJSON *rec = referee_record(ref, job->seed);
        if (rec && !(cJSON_AddStringToObject(rec, "run", l->run) &&
                     cJSON_AddNumberToObject(rec, l->game ? "set" : "pair", (double)job->pair))) {
            cJSON_Delete(rec);
            rec = NULL;
        }
        int rc = rec ? journal_append(journals[j], rec, err, sizeof err) : -1;
        cJSON_Delete(rec);
        if (rc < 0) {
            snprintf(l->error, sizeof l->error, "%s", rec ? err : "out of memory");
            l->failed = 1;
            *l->stop = 1;
            return;
        }
    }
    struct sprt_live_result result;
    if (l->game) {
        int faults[2];
        result = sprt_live_game_result(l, job->tag, ref->points, ref->winner);
        sprt_live_game_faults(l, job->tag, (const int (*)[CODEC_FAULTS])ref->faults, faults);
        l->faults[0] += faults[0];
        l->faults[1] += faults[1];
    } else {
        for (int p = 0; p < 2; p++)
            for (int f = 0; f < CODEC_FAULTS; f++) l->faults[p] += ref->faults[p][f];
        result = sprt_live_result_of(ref->winner, ref->settlement);
    }
    size_t before = l->tally->n_steps;
    if (sprt_live_count(l, job->tag, result) < 0) {
        snprintf(l->error, sizeof l->error, "out of memory");
        l->failed = 1;
        *l->stop = 1;
        return;
    }
    if (l->tally->n_steps > before) sprt_live_status(l, 0);
    if (l->tally->decision != SPRT_CONTINUE || sprt_live_over_faults(l)) *l->stop = 1;
}

