/* tournament.c - settings of tournament.h. A JSON key becomes the flag of
 * the same name and goes through tournament_option(), checked by the one
 * option parser (options.h), so a file, a header
 * and the command line can never disagree about what a setting means.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "arena/options.h"
#include "arena/play/botproc.h"
#include "arena/play/runner.h"
#include "arena/tournament/sched.h"
#include "protocol/curve_keys.h"
#include "arena/tournament/seating.h"
#include "arena/tournament/tournament.h"
#include "protocol/curve_keys.h"

void tournament_init(struct tournament *self)
{
    memset(self, 0, sizeof *self);
    match_config_default(&self->config);
    self->format = SCHED_ROUND_ROBIN;
    self->pairs = 10;
    self->seed = 1;
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    self->concurrency = cores > 0 ? (int)cores : 2;
    self->max_faults = 3;
    self->reuse = RUN_DEFAULT_REUSE;
}

void tournament_release(struct tournament *self)
{
    for (int i = 0; i < self->n_bots; i++) {
        free(self->bots[i].command);
        free(self->bots[i].token_file);
    }
    free(self->journal);
    free(self->results);
    free(self->post);
    free(self->token_file);
    free(self->listen);
    free(self->server_key);
    memset(self->server_secret, 0, sizeof self->server_secret);
    free(self->log_dir);
    for (int i = 0; i < self->n_rule_texts; i++) free(self->rule_texts[i]);
    memset(self, 0, sizeof *self);
}

static int is_piquet(const struct tournament *self)
{
    return !self->game || self->game == &piquet_game;
}

static int set_string(char **slot, const char *val)
{
    char *copy = strdup(val);
    if (!copy) return -1;
    free(*slot);
    *slot = copy;
    return 0;
}

/* A new bot: its name and its command (or token file when remote) travel
 * apart from here on, so no part of a name can ever end up in a command.
 * The name obeys the one rule (match_bot_name_check()) and is not taken. */
static int add_bot(struct tournament *self, const char *name, const char *command, int remote, char *err, size_t cap)
{
    if (match_bot_name_check(name, err, cap) < 0) return -1;
    if (!*command) {
        snprintf(err, cap, "bot '%s' has no %s", name, remote ? "token file" : "command");
        return -1;
    }
    for (int i = 0; i < self->n_bots; i++)
        if (!strcmp(self->bots[i].name, name)) {
            snprintf(err, cap, "two bots are called '%s'", name);
            return -1;
        }
    if (self->n_bots == TOURNAMENT_MAX_BOTS) {
        snprintf(err, cap, "at most %d bots", TOURNAMENT_MAX_BOTS);
        return -1;
    }
    struct tournament_bot *bot = &self->bots[self->n_bots];
    memset(bot, 0, sizeof *bot);
    snprintf(bot->name, sizeof bot->name, "%s", name);
    if (remote ? set_string(&bot->token_file, command) : set_string(&bot->command, command)) {
        snprintf(err, cap, "out of memory");
        return -1;
    }
    self->n_bots++;
    return 0;
}

/* A bot given as NAME=COMMAND (or NAME=TOKEN_FILE): a name never holds
 * '=', so the first one ends it. */
static int add_bot_spec(struct tournament *self, const char *spec, int remote, char *err, size_t cap)
{
    char name[4 * CODEC_BOT_NAME_LEN];
    const char *eq = strchr(spec, '=');
    if (!eq) {
        snprintf(err, cap, "a bot is NAME=%s ('%.200s')", remote ? "TOKEN_FILE" : "COMMAND", spec);
        return -1;
    }
    /* A longer name is cut, still over the limit, and refused for it. */
    size_t len = (size_t)(eq - spec) < sizeof name - 1 ? (size_t)(eq - spec) : sizeof name - 1;
    memcpy(name, spec, len);
    name[len] = '\0';
    return add_bot(self, name, eq + 1, remote, err, cap);
}

int tournament_apply(struct tournament *self, const struct option_value *v, char *err, size_t cap)
{
    char **slot = NULL;
    switch (v->option->id) {
    case OPT_QUIET: self->quiet = (int)v->integer; return 0;
    case OPT_NO_SANDBOX: self->no_sandbox = (int)v->integer; return 0;
    case OPT_BOT_NETWORK: self->bot_network = (int)v->integer; return 0;
    case OPT_BOT: return add_bot_spec(self, v->text, 0, err, cap);
    case OPT_REMOTE: return add_bot_spec(self, v->text, 1, err, cap);
    case OPT_SCHEDULE: self->format = sched_format_parse(v->text); return 0;
    case OPT_PAIRS: self->pairs = (int)v->integer; return 0;
    case OPT_ROUNDS: self->rounds = (int)v->integer; return 0;
    case OPT_SEED: self->seed = v->u64; return 0;
    case OPT_CONCURRENCY: self->concurrency = (int)v->integer; return 0;
    case OPT_PIN: self->pin = runner_pin_parse(v->text); return 0;
    case OPT_START_AHEAD: self->start_late = !strcmp(v->text, "off"); return 0;
    case OPT_MOVE_MS: self->config.clock.move_ms = (uint32_t)v->integer; return 0;
    case OPT_BANK_MS: self->config.clock.bank_ms = (uint32_t)v->integer; return 0;
    case OPT_GRACE_MS: self->config.clock.grace_ms = (uint32_t)v->integer; return 0;
    case OPT_MAX_FAULTS: self->max_faults = (int)v->integer; return 0;
    case OPT_REMOTE_WAIT_MS: self->remote_wait_ms = (int)v->integer; return 0;
    case OPT_REMOTE_MAX_CONNECTIONS: self->remote_max_connections = (int)v->integer; return 0;
    case OPT_REUSE: self->reuse = (int)v->integer; return 0;
    case OPT_STANDINGS_EVERY: self->standings_every = (int)v->integer; return 0;
    case OPT_RULE: {
        /* Checked by options_convert() against every game's flags; kept as
         * text, and set into Piquet's rules when they are Piquet's (the
         * game chosen decides in tournament_check). */
        const char *eq = strchr(v->text, '=');
        char name[64], why[300];
        if (self->n_rule_texts == TOURNAMENT_MAX_RULES) {
            snprintf(err, cap, "more than %d --rule", TOURNAMENT_MAX_RULES);
            return -1;
        }
        if (!(self->rule_texts[self->n_rule_texts] = strdup(v->text))) {
            snprintf(err, cap, "out of memory");
            return -1;
        }
        self->n_rule_texts++;
        snprintf(name, sizeof name, "%.*s", (int)(eq - v->text), v->text);
        if (pq_rule_flag_find(name) && pq_rules_set(&self->config.rules, name, eq + 1, why, sizeof why) < 0) {
            snprintf(err, cap, "--rule %.100s: %s", v->text, why);
            return -1;
        }
        return 0;
    }
    case OPT_SHARD: return shard_parse(&self->shard, v->text, err, cap);
    case OPT_GAME: self->game = game_find(v->text); return 0;
    case OPT_PLAYERS: self->players = (int)v->integer; return 0;
    case OPT_JOURNAL: slot = &self->journal; break;
    case OPT_RESULTS: slot = &self->results; break;
    case OPT_POST: slot = &self->post; break;
    case OPT_TOKEN_FILE: slot = &self->token_file; break;
    case OPT_LISTEN: slot = &self->listen; break;
    case OPT_SERVER_KEY: slot = &self->server_key; break;
    case OPT_INSECURE_REMOTE: self->insecure_remote = (int)v->integer; return 0;
    case OPT_LOG_DIR: slot = &self->log_dir; break;
    default: return 1;
    }
    if (set_string(slot, v->text) < 0) {
        snprintf(err, cap, "out of memory");
        return -1;
    }
    if (slot == &self->log_dir) self->config.log_dir = self->log_dir;
    return 0;
}

int tournament_option(struct tournament *self, const char *opt, const char *val, char *err, size_t cap)
{
    struct option_value v;
    const struct option *o = options_find(options_command("run"), opt[0] == '-' && opt[1] == '-' ? opt + 2 : opt);
    if (!o || o->id == OPT_FILE) return 1;
    if (options_convert(o, val, &v, err, cap) < 0) return -1;
    return tournament_apply(self, &v, err, cap);
}

/* A JSON value as the text of a flag's value. */
static int value_text(const cJSON *item, char *buf, size_t cap)
{
    if (cJSON_IsString(item)) return snprintf(buf, cap, "%s", item->valuestring) < (int)cap ? 0 : -1;
    if (cJSON_IsNumber(item)) {
        double d = item->valuedouble;
        if (d != (double)(long long)d || d > 9007199254740992.0 || d < -9007199254740992.0) return -1;
        snprintf(buf, cap, "%lld", (long long)d);
        return 0;
    }
    if (cJSON_IsBool(item)) return snprintf(buf, cap, "%s", cJSON_IsTrue(item) ? "true" : "false") < 0 ? -1 : 0;
    return -1;
}

static int read_bots(struct tournament *self, const cJSON *bots, char *err, size_t cap)
{
    const cJSON *b;
    if (!cJSON_IsArray(bots)) {
        snprintf(err, cap, "\"bots\" must be an array");
        return -1;
    }
    cJSON_ArrayForEach(b, bots) {
        if (cJSON_IsString(b)) {
            if (add_bot_spec(self, b->valuestring, 0, err, cap) < 0) return -1;
            continue;
        }
        const char *name = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(b, "name"));
        const char *command = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(b, "command"));
        const char *token_file = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(b, "token_file"));
        int remote = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(b, "remote"));
        if (!name || (remote ? !token_file : !command)) {
            snprintf(err, cap, "a bot is {\"name\", \"command\"} or {\"name\", \"remote\": true, \"token_file\"}");
            return -1;
        }
        if (add_bot(self, name, remote ? token_file : command, remote, err, cap) < 0) return -1;
    }
    return 0;
}

int tournament_from_json(struct tournament *self, const cJSON *settings, char *err, size_t cap)
{
    const cJSON *item;
    char opt[80], val[4096];
    if (!cJSON_IsObject(settings)) {
        snprintf(err, cap, "the settings must be a JSON object");
        return -1;
    }
    cJSON_ArrayForEach(item, settings) {
        const char *key = item->string;
        if (!strcmp(key, "type")) continue;
        if (!strcmp(key, "version")) {
            double v = cJSON_GetNumberValue(item);
            if (!cJSON_IsNumber(item) || !(v >= 1 && v <= TOURNAMENT_HEADER_VERSION) || v != (double)(int)v) {
                if (cJSON_IsNumber(item))
                    snprintf(err, cap, "a header of version %g: this arena reads versions 1 to %d (a newer arena "
                             "wrote it?)", v, TOURNAMENT_HEADER_VERSION);
                else snprintf(err, cap, "\"version\" must be a whole number");
                return -1;
            }
            continue;
        }
        if (!strcmp(key, "run")) {
            if (!record_run_id_ok(cJSON_GetStringValue(item))) {
                snprintf(err, cap, "\"run\" must be %d lowercase hex digits", RECORD_RUN_ID_LEN);
                return -1;
            }
            snprintf(self->run, sizeof self->run, "%s", item->valuestring);
            continue;
        }
        if (!strcmp(key, "bots")) {
            if (read_bots(self, item, err, cap) < 0) return -1;
            continue;
        }
        if (!strcmp(key, "rules") || !strcmp(key, "clock")) {
            const cJSON *sub;
            if (!cJSON_IsObject(item)) {
                snprintf(err, cap, "\"%s\" must be an object", key);
                return -1;
            }
            cJSON_ArrayForEach(sub, item) {
                int rc;
                if (value_text(sub, val, sizeof val) < 0) {
                    snprintf(err, cap, "\"%s\".\"%.60s\": not a string or an integer", key, sub->string);
                    return -1;
                }
                if (key[0] == 'r') {
                    char spec[4200];
                    snprintf(spec, sizeof spec, "%s=%s", sub->string, val);
                    rc = tournament_option(self, "--rule", spec, err, cap);
                } else {
                    snprintf(opt, sizeof opt, "--%.60s", sub->string);
                    for (char *c = opt; *c; c++)
                        if (*c == '_') *c = '-';
                    rc = tournament_option(self, opt, val, err, cap);
                }
                if (rc) {
                    if (rc > 0) snprintf(err, cap, "unknown key \"%s\".\"%.60s\"", key, sub->string);
                    return -1;
                }
            }
            continue;
        }
        if (strlen(key) > 60) {
            snprintf(err, cap, "unknown key \"%.60s...\"", key);
            return -1;
        }
        snprintf(opt, sizeof opt, "--%s", key);
        for (char *c = opt; *c; c++)
            if (*c == '_') *c = '-';
        if (!strcmp(opt, "--bot") || !strcmp(opt, "--remote")) {
            snprintf(err, cap, "bots go in \"bots\"");
            return -1;
        }
        if (value_text(item, val, sizeof val) < 0) {
            snprintf(err, cap, "\"%s\": not a string or an integer", key);
            return -1;
        }
        int rc = tournament_option(self, opt, val, err, cap);
        if (rc > 0) snprintf(err, cap, "unknown key \"%s\"", key);
        if (rc) return -1;
    }
    return 0;
}

int tournament_read_file(struct tournament *self, const char *path, char *err, size_t cap)
{
    char why[512];
    FILE *f = fopen(path, "r");
    char *text = NULL;
    size_t len = 0;
    int rc = -1;
    if (!f) {
        snprintf(err, cap, "%s: %s", path, strerror(errno));
        return -1;
    }
    text = malloc(1 << 20);
    if (text) len = fread(text, 1, 1 << 20, f);
    if (!text || ferror(f) || len == 1 << 20) {
        snprintf(err, cap, "%s: %s", path, text ? "unreadable or over 1 MiB" : "out of memory");
        goto out;
    }
    cJSON *root = cJSON_ParseWithLength(text, len);
    if (!root) {
        snprintf(err, cap, "%s: not valid JSON (near byte %ld)", path, (long)(cJSON_GetErrorPtr() - text));
        goto out;
    }
    rc = tournament_from_json(self, root, why, sizeof why);
    if (rc < 0) snprintf(err, cap, "%s: %s", path, why);
    cJSON_Delete(root);
out:
    free(text);
    fclose(f);
    return rc;
}

/* The token of a remote bot: the first line of its file. */
static int read_token(struct tournament_bot *bot, char *err, size_t cap)
{
    struct stat st;
    FILE *f = fopen(bot->token_file, "r");
    if (!f) {
        snprintf(err, cap, "remote bot '%s': cannot read its token file '%.200s': %s", bot->name, bot->token_file,
                 strerror(errno));
        return -1;
    }
    if (fstat(fileno(f), &st) == 0 && (st.st_mode & 077)) {
        fclose(f);
        snprintf(err, cap, "remote bot '%s': token file '%.200s' may be read by others (chmod 600 it)", bot->name,
                 bot->token_file);
        return -1;
    }
    if (!fgets(bot->token, sizeof bot->token, f)) bot->token[0] = '\0';
    fclose(f);
    bot->token[strcspn(bot->token, "\r\n")] = '\0';
    size_t len = strlen(bot->token);
    for (size_t i = 0; i < len; i++)
        if ((unsigned char)bot->token[i] <= ' ' || bot->token[i] == '"' || bot->token[i] == '\\') len = 0;
    if (len < 16) {
        snprintf(err, cap, "remote bot '%s': the token in '%.200s' must be 16 to %d printable characters without "
                 "spaces or quotes", bot->name, bot->token_file, TOURNAMENT_TOKEN_MAX - 1);
        return -1;
    }
    return 0;
}

/* The rules given for the game chosen: Piquet's were set as they came;
 * another game's are checked against its flags and its table. */
static int check_game(struct tournament *self, char *err, size_t cap)
{
    int team_of[GAME_MAX_PLAYERS];
    for (int i = 0; i < self->n_rule_texts; i++) {
        const char *text = self->rule_texts[i], *eq = strchr(text, '=');
        char name[64];
        snprintf(name, sizeof name, "%.*s", (int)(eq - text), text);
        if (is_piquet(self)) {
            if (pq_rule_flag_find(name)) continue;
            snprintf(err, cap, "--rule %.100s: piquet has no flag '%s' (arena rules lists them)", text, name);
            return -1;
        }
        const struct game_flag *f = game_flag_find(self->game, name);
        if (!f) {
            snprintf(err, cap, "--rule %.100s: %s has no flag '%s' (arena rules --game %s lists them)", text,
                     self->game->name, name, self->game->name);
            return -1;
        }
        if (game_flag_check(f, eq + 1, err, (int)cap) < 0) return -1;
    }
    if (is_piquet(self)) {
        if (self->players && self->players != 2) {
            snprintf(err, cap, "piquet is played by 2, not --players %d", self->players);
            return -1;
        }
        return 0;
    }
    self->rule_texts[self->n_rule_texts] = NULL;
    int players = seating_teams(self->game, self->players, (const char *const *)self->rule_texts, team_of, err, cap);
    if (players < 0) return -1;
    self->players = players;
    self->config.game = self->game;
    self->config.players = players;
    self->config.game_rules = (const char *const *)self->rule_texts;
    return 0;
}

/* Whether HOST:PORT names this machine only (127.0.0.0/8, ::1, localhost). */
static int loopback(const char *host_port)
{
    if (!strncmp(host_port, "127.", 4) || !strncmp(host_port, "localhost:", 10) || !strncmp(host_port, "[::1]:", 6))
        return 1;
    return 0;
}

int tournament_check(struct tournament *self, char *err, size_t cap)
{
    int remote = 0;
    if (check_game(self, err, cap) < 0) return -1;
    if (self->n_bots < 2) {
        snprintf(err, cap, "give at least two bots (--bot NAME=COMMAND, --remote NAME=TOKEN_FILE)");
        return -1;
    }
    if ((self->format == SCHED_SWISS) != (self->rounds > 0)) {
        snprintf(err, cap, self->rounds ? "--rounds is for --format swiss" : "--format swiss needs --rounds R");
        return -1;
    }
    if (self->format == SCHED_SWISS && self->shard.n) {
        snprintf(err, cap, "a Swiss cannot be split into shards: each round is paired on the results of the last");
        return -1;
    }
    for (int i = 0; i < self->n_bots; i++) {
        if (self->bots[i].command) continue;
        remote++;
        if (read_token(&self->bots[i], err, cap) < 0) return -1;
        for (int j = 0; j < i; j++)
            if (!self->bots[j].command && !strcmp(self->bots[j].token, self->bots[i].token)) {
                snprintf(err, cap, "remote bots '%s' and '%s' have the same token", self->bots[j].name,
                         self->bots[i].name);
                return -1;
            }
    }
    if (remote && !self->listen) {
        snprintf(err, cap, "remote bots connect over the network: give --listen tcp://HOST:PORT");
        return -1;
    }
    if (self->listen && strncmp(self->listen, "tcp://", 6)) {
        snprintf(err, cap, "--listen takes tcp://HOST:PORT ('%s')", self->listen);
        return -1;
    }
    if (self->server_key &&
        curve_keys_read(self->server_key, self->server_public, self->server_secret, err, cap) < 0)
        return -1;
    if (self->listen && !self->server_key && !self->insecure_remote && !loopback(self->listen + 6)) {
        snprintf(err, cap, "--listen %s is not a loopback address: give --server-key (arena keys new) so that "
                 "remote bots connect encrypted, or --insecure-remote to send their tokens and cards in clear",
                 self->listen);
        return -1;
    }
    return 0;
}

int tournament_table(const struct tournament *self, int team_of[GAME_MAX_PLAYERS], const int **team_of_or_null,
                     char *err, size_t cap)
{
    *team_of_or_null = NULL;
    if (is_piquet(self)) return 2;
    /* rule_texts holds one NULL past the last (tournament_apply). */
    int players = seating_teams(self->game, self->players, (const char *const *)self->rule_texts, team_of, err, cap);
    if (players >= 0) *team_of_or_null = team_of;
    return players;
}

int tournament_schedule(const struct tournament *self, struct sched *out, char *err, size_t cap)
{
    int team_of[GAME_MAX_PLAYERS];
    const int *teams;
    memset(out, 0, sizeof *out);
    int players = tournament_table(self, team_of, &teams, err, cap);
    if (players < 0) return -1;
    if (!teams) return sched_build(out, self->format, self->n_bots, self->pairs, self->seed, err, cap);
    return sched_build_tables(out, self->format, self->n_bots, players, team_of, self->pairs, self->seed, err, cap);
}

cJSON *tournament_header(const struct tournament *self)
{
    char text[32];
    cJSON *h = cJSON_CreateObject();
    if (!h) return NULL;
    cJSON_AddStringToObject(h, "type", "header");
    cJSON_AddNumberToObject(h, "version", self->format == SCHED_SWISS ? TOURNAMENT_HEADER_VERSION_SWISS
                                                                      : TOURNAMENT_HEADER_VERSION_OTHERS);
    cJSON_AddStringToObject(h, "run", self->run);
    if (self->shard.n) cJSON_AddStringToObject(h, "shard", shard_format(&self->shard, text, sizeof text));
    cJSON_AddStringToObject(h, "format", sched_format_name(self->format));
    if (self->rounds) cJSON_AddNumberToObject(h, "rounds", self->rounds);
    cJSON_AddNumberToObject(h, "pairs", self->pairs);
    snprintf(text, sizeof text, "%llu", self->seed);
    cJSON_AddStringToObject(h, "seed", text);
    cJSON_AddNumberToObject(h, "max_faults", self->max_faults);
    cJSON_AddNumberToObject(h, "reuse", self->reuse);
    if (self->remote_wait_ms) cJSON_AddNumberToObject(h, "remote_wait_ms", self->remote_wait_ms);
    if (self->no_sandbox) cJSON_AddTrueToObject(h, "no_sandbox");
    if (self->bot_network) cJSON_AddTrueToObject(h, "bot_network");
    if (self->remote_max_connections)
        cJSON_AddNumberToObject(h, "remote_max_connections", self->remote_max_connections);
    if (self->insecure_remote) cJSON_AddTrueToObject(h, "insecure_remote");
    cJSON *bots = cJSON_AddArrayToObject(h, "bots");
    for (int i = 0; bots && i < self->n_bots; i++) {
        const struct tournament_bot *bot = &self->bots[i];
        cJSON *b = cJSON_CreateObject();
        cJSON_AddItemToArray(bots, b);
        cJSON_AddStringToObject(b, "name", bot->name);
        if (bot->command) {
            char digest[17];
            cJSON_AddStringToObject(b, "command", bot->command);
            if (botproc_command_digest(bot->command, digest) == 0) cJSON_AddStringToObject(b, "fnv1a64", digest);
        } else {
            cJSON_AddTrueToObject(b, "remote");
            cJSON_AddStringToObject(b, "token_file", bot->token_file);
        }
    }
    cJSON *clock = cJSON_AddObjectToObject(h, "clock");
    cJSON_AddNumberToObject(clock, "move_ms", self->config.clock.move_ms);
    cJSON_AddNumberToObject(clock, "bank_ms", self->config.clock.bank_ms);
    cJSON_AddNumberToObject(clock, "grace_ms", self->config.clock.grace_ms);
    cJSON *rules = cJSON_AddObjectToObject(h, "rules");
    if (is_piquet(self)) {
        for (int i = 0; rules && pq_rules_names[i]; i++) {
            char buf[16];
            cJSON_AddStringToObject(rules, pq_rules_names[i], pq_rules_get(&self->config.rules, pq_rules_names[i], buf));
        }
    } else {
        /* Another game: its name, its table and the flags given. */
        cJSON_AddStringToObject(h, "game", self->game->name);
        cJSON_AddNumberToObject(h, "players", self->players);
        for (int i = 0; rules && i < self->n_rule_texts; i++) {
            const char *eq = strchr(self->rule_texts[i], '=');
            char name[64];
            snprintf(name, sizeof name, "%.*s", (int)(eq - self->rule_texts[i]), self->rule_texts[i]);
            cJSON_AddStringToObject(rules, name, eq + 1);
        }
    }
    const char *const keys[] = { "results", "post", "token_file", "listen", "log_dir", "server_key" };
    const char *const values[] = { self->results, self->post, self->token_file, self->listen, self->log_dir,
                                   self->server_key };
    for (int i = 0; i < 6; i++)
        if (values[i]) cJSON_AddStringToObject(h, keys[i], values[i]);
    return h;
}
