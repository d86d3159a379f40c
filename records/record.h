/* record.h - the record of a finished partie, as the journal and the
 * leaderboard keep it (docs/design.md "Deal record"): a partie record that
 * `arena replay` can re-execute, plus who played, the outcome, faults and
 * timings. Its writer and its one reader live here.
 *
 *   {"type": "partie", "id": N, "seed": "N" (decimal text: exact to 64 bits),
 *    "first_dealer": "A"|"B",
 *    "players": {"A": name, "B": name}, "rules": {...},
 *    "deals": [{"deck": "...", "actions": [...]}...],
 *    "unfinished_deal": {"deck", "actions"} (a forfeit in a deal begun),
 *    "totals": {"A": N, "B": N}, "winner": "A"|"B"|null, "settlement": N,
 *    "forfeit": null | {"player", "fault", "message"},
 *    "faults": {"A": {"timeout": N, ...}, "B": {...}},
 *    "decisions": {"A": N, "B": N}, "think_ms": {"A": N, "B": N}}
 *
 * `arena run` adds "run" (the tournament's id, RECORD_RUN_ID_LEN lowercase
 * hex digits drawn when it started; "RUN-ID" names a partie everywhere,
 * the leaderboard included) and "pair" (the duplicate pair's number);
 * `arena match` and `arena sprt --record` add "run". Records of earlier
 * versions lack "run" (before e0680f1; `arena post` adds the run of their
 * journal) and "pair" (before 3f791d1), and wrote "seed" as a JSON number.
 */
#ifndef RECORDS_RECORD_H
#define RECORDS_RECORD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <cjson/cJSON.h>
#include "engine/piquet/deal.h"
#include "engine/piquet/partie.h"
#include "protocol/codec.h"

/* ---- writing ----------------------------------------------------------- */

/* What a partie record says, as whoever played it holds it (the referee:
 * referee_record_play() in arena/play/referee.h): the writer's input. Nothing
 * is owned; the pointers live as long as the caller's data. */
struct record_play {
    uint64_t id, seed;
    int first_dealer;                  /* PQ_PLAYER_A or PQ_PLAYER_B */
    const char *names[2];
    const struct pq_rules *rules;
    const struct pq_deal *deals;       /* the finished deals */
    int n_deals;
    const struct pq_deal *unfinished;  /* a forfeit's deal begun, or NULL */
    int totals[2];
    int winner;                        /* player, or -1 when drawn */
    int settlement;
    int forfeit_player;                /* -1 when nobody forfeited */
    int forfeit_fault;                 /* enum codec_fault */
    const char *forfeit_message;
    int faults[2][CODEC_FAULTS];
    int64_t decisions[2], think_ms[2];
};

/* A new partie record; the caller owns it (cJSON_Delete). NULL when out
 * of memory. */
cJSON *record_write(const struct record_play *play);

/* A deal as a deal record {"deck", "actions"} (owned by the caller). */
cJSON *record_deal(const struct pq_deal *deal);

enum { RECORD_RUN_ID_LEN = 16 };

/* A fresh random run id (from /dev/urandom) into out. 0, or -1 when no
 * randomness could be read. */
int record_new_run_id(char out[RECORD_RUN_ID_LEN + 1]);

/* Whether text is a well-formed run id. */
bool record_run_id_ok(const char *text);

/* The run id of a journal older than run ids, derived from its master
 * seed, as resume continues it and post names its parties. It is not
 * unique: two such tournaments on one seed share it. */
void record_run_of_seed(uint64_t seed, char out[RECORD_RUN_ID_LEN + 1]);

/* ---- reading ------------------------------------------------------------ */

/* A forfeit's "fault": a codec fault (enum codec_fault), or the word
 * `arena run` writes for the parties a disqualified bot had left
 * ("disqualified", arena/cmd_run.c). */
enum { RECORD_FAULT_DISQUALIFIED = CODEC_FAULTS };

/* A deal record read: its pack, and its actions as written (their
 * legality is the engine's to judge when the deal is replayed). */
struct record_deal {
    uint8_t deck[32];
    const cJSON *actions;      /* an array of strings, in the JSON read */
    int n_actions;
};

/* A partie record read. Nothing is owned: strings and action lists point
 * into the JSON it was read from and live as long as it does. */
struct record_partie {
    const char *run;           /* NULL in a record older than run ids */
    uint64_t id;
    uint64_t seed;
    int first_dealer;          /* PQ_PLAYER_A or PQ_PLAYER_B */
    const char *players[2];    /* A, B: two different names, not empty */
    struct pq_rules rules;     /* the defaults under the record's "rules" */
    int n_deals;               /* finished deals in "deals" */
    struct record_deal deals[PQ_MAX_DEALS];
    bool has_unfinished;       /* "unfinished_deal" was given */
    struct record_deal unfinished;
    int totals[2];
    int winner;                /* player, or -1 when drawn */
    int settlement;            /* what the winner gains, >= 0 */
    struct {
        int player;            /* who forfeited, or -1 when nobody did */
        int fault;             /* enum codec_fault or RECORD_FAULT_DISQUALIFIED */
        const char *message;
    } forfeit;
    int faults[2][CODEC_FAULTS];   /* per player, a count per kind */
    int64_t decisions[2], think_ms[2];
    bool has_pair;
    uint64_t pair;
};

/* Reads a partie record: every field the arena writes, each of its type
 * and range, none missing ("run", "pair" and "unfinished_deal" may be),
 * none unknown and none given twice, at every level; "deals" holds 1 to 8
 * deal records, or none for a forfeit, and "unfinished_deal" comes only
 * with a forfeit. Whether the deals are legal and the score is theirs is
 * the engine's to say (records/replay.h). Returns 0, or -1 with the reason
 * in err naming the field ("totals.B must be an integer from 0 to
 * 100000", "unknown field \"deals[0].comment\""). */
int record_read(const cJSON *json, struct record_partie *out, char *err, size_t cap);

/* The course of a partie alone, as `arena replay` takes a partie record
 * {"first_dealer", "rules"?, "deals"} (at most 8 deal records) with its
 * "unfinished_deal" when given: the fields of out that it names. Other
 * fields of json are not looked at. 0, or -1 with err. */
int record_read_course(const cJSON *json, struct record_partie *out, char *err, size_t cap);

/* A deal record {"deck", "actions": [strings]}; `where` names it in
 * messages ("deals[2]"; "" for a deal record on its own). Other fields
 * are the caller's (a deal record on its own may carry "rules"). */
int record_read_deal(const cJSON *json, const char *where, struct record_deal *out, char *err, size_t cap);

/* A record's "rules" object (NULL or JSON null: nothing) over *rules: each
 * flag once, by name, its value text, a number or a boolean. */
int record_read_rules(const cJSON *json, struct pq_rules *rules, char *err, size_t cap);

/* One player's "faults" object {kind: count} with every kind the arena
 * knows and no other; `where` names it ("faults.A"). */
int record_read_faults(const cJSON *json, const char *where, int counts[CODEC_FAULTS], char *err, size_t cap);

/* A seed as records write it: decimal text of a 64-bit number. 0, or -1. */
int record_seed_parse(const char *text, uint64_t *out);

/* A record's "seed": decimal text, or a number as older journals wrote it.
 * 0, or -1 when it is neither. */
int record_seed(const cJSON *item, uint64_t *out);

#endif
