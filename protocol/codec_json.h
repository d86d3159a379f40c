/* codec_json.h - the codec's internals, shared by protocol/codec.c and
 * protocol/msg_*.c and by nothing outside protocol/ except tests: checking
 * and parsing frames, reading fields with validation, writing cards, and
 * the per-message readers behind the public decoders (codec.h).
 *
 * A struct codec_reader carries the first error of one decoding: every
 * reader returns 0, or -1 after recording the error (later errors do not
 * overwrite it). Field paths in messages name the field as a bot author
 * sees it ("view.hand[3]", "discard.min").
 */
#ifndef CODEC_JSON_H
#define CODEC_JSON_H

#include <cjson/cJSON.h>
#include <stddef.h>
#include "engine/writer.h"
#include "protocol/codec.h"
#include "protocol/json_writer.h"

struct codec_reader {
    int code;        /* enum codec_code: CODEC_OK until the first error */
    char *err;
    size_t cap;
};

void codec_reader_init(struct codec_reader *self, char *err, size_t cap);

/* Records an error (the first one wins); returns -1. */
int codec_fail(struct codec_reader *self, int code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* For encoders: the code with `why` in err; returns the code. */
enum codec_code codec_refuse(char *err, size_t cap, int code, const char *why);

/* Checks a frame (size, NUL, UTF-8, strings) and parses it into a JSON
 * object the caller frees with json_tree_free() (json_tree.h), never with
 * cJSON_Delete; NULL after an error. */
cJSON *codec_parse(struct codec_reader *self, const char *frame, size_t len);

/* The message type named by root's "type", or -1 after an error. */
int codec_message_type(struct codec_reader *self, const cJSON *root);

/* Starts a message of `type`: a new root object with its "type" written
 * through jw. NULL when out of memory (nothing to free). */
cJSON *codec_start(struct json_writer *jw, int type);

/* Turns a built message into a frame (deleting root in every case);
 * `failed` is the writer's failure flag. */
enum codec_code codec_frame_from(cJSON *root, int failed, struct codec_frame *out,
                                 char *err, size_t cap);

/* A message written straight to text through a pq_writer, with no tree in
 * between: the same bytes codec_start/codec_frame_from would print, for the
 * request, the message of every decision. */
struct codec_text {
    char *buf;
    size_t len, cap;
    int failed;                              /* out of memory, oversized, too deep */
};

struct codec_stream {
    struct pq_writer writer;
    struct codec_text text;
    int depth;                               /* open containers, the root included */
    unsigned char empty[JSON_WRITER_DEPTH + 1];   /* nothing written in it yet */
    unsigned char object[JSON_WRITER_DEPTH + 1];  /* an object (else an array) */
};

/* Opens the root object and writes its "type". */
void codec_stream_start(struct codec_stream *self, int type);

/* Closes the root and hands the text over as a frame (freeing it on
 * failure). */
enum codec_code codec_stream_finish(struct codec_stream *self, struct codec_frame *out, char *err, size_t cap);

/* ---- reading fields ------------------------------------------------------ */

/* The field `name` of object `obj` (path names obj in messages, NULL at
 * the top). Missing: NULL, an error when required. Repeated: an error. */
const cJSON *codec_get(struct codec_reader *self, const cJSON *obj, const char *path,
                       const char *name, int required);

/* An integer in lo..hi (JSON numbers with no fraction). */
int codec_get_int(struct codec_reader *self, const cJSON *obj, const char *path,
                  const char *name, long long lo, long long hi, long long *out);
int codec_get_id(struct codec_reader *self, const cJSON *obj, const char *path,
                 const char *name, uint64_t *out);

enum codec_text_rule {
    CODEC_TEXT_LINE,     /* no control characters (C0, DEL, C1) */
    CODEC_TEXT_TOKEN     /* printable ASCII without spaces */
};

/* True when s has min..max bytes and follows the rule. */
int codec_text_ok(const char *s, size_t min, size_t max, int rule);

/* Writes "path.name" (or "name" when path is NULL), or "path[index]" when
 * name is NULL, into buf (cap bytes, cut to fit) and returns buf: the
 * field paths readers pass down for error messages, built without printf
 * because a request builds dozens of them. */
const char *codec_path(char *buf, size_t cap, const char *path, const char *name, int index);

/* A string of min..max bytes (max < size of out) copied into out. */
int codec_get_text(struct codec_reader *self, const cJSON *obj, const char *path,
                   const char *name, size_t min, size_t max, int rule, char *out);

int codec_get_bool(struct codec_reader *self, const cJSON *obj, const char *path,
                   const char *name, int *out);

/* A string among names(0..n-1); with nullable, null gives -1. */
int codec_get_enum(struct codec_reader *self, const cJSON *obj, const char *path,
                   const char *name, const char *(*names)(int), int n, int nullable, int *out);

/* A list of distinct card strings. */
int codec_get_cards(struct codec_reader *self, const cJSON *obj, const char *path,
                    const char *name, pq_mask *out);

/* A card string; with nullable, null gives -1. */
int codec_get_card(struct codec_reader *self, const cJSON *obj, const char *path,
                   const char *name, int nullable, int *out);

/* Names of seats and players for codec_get_enum. */
const char *codec_seat_name(int seat);
const char *codec_player_name(int player);

/* ---- writing ------------------------------------------------------------- */

void codec_write_cards(const struct pq_writer *w, const char *key, pq_mask cards);

/* Copies text into dst (cap bytes, cap > 0) as one line: cut at a
 * character boundary, control characters and invalid UTF-8 replaced. */
void codec_copy_line(char *dst, size_t cap, const char *src);

/* Copies at most 24 characters of untrusted text for an error message,
 * anything but printable ASCII shown as '?'. */
void codec_quote(char *dst, size_t cap, const char *src);

/* ---- the parts of messages (msg_*.c) --------------------------------------- */

void codec_write_declaration(const struct pq_writer *w, const char *key,
                             const struct pq_view_declaration *d);
int codec_read_declaration(struct codec_reader *self, const cJSON *obj, const char *path,
                           const char *name, struct pq_view_declaration *out);
int codec_read_view(struct codec_reader *self, const cJSON *obj, const char *path, const char *name,
                    const struct pq_rules *rules, struct pq_view *out);

void codec_write_events(const struct pq_writer *w, const char *key,
                        const struct codec_event *events, int n);
/* Reads the events array `name` of obj into out, which has room for
 * CODEC_EVENTS_MAX (a longer array is refused). */
int codec_read_events(struct codec_reader *self, const cJSON *obj, const char *name,
                      struct codec_event *out, uint16_t *n);

void codec_write_rules(const struct pq_writer *w, const char *key, const struct pq_rules *rules);
int codec_read_rules(struct codec_reader *self, const cJSON *obj, const char *name,
                     struct pq_rules *out);

int codec_read_hello(struct codec_reader *self, const cJSON *root, struct codec_hello *out);
int codec_read_action(struct codec_reader *self, const cJSON *root, struct codec_action *out);
/* The action's text (n bytes, no NUL among them) into out->text, parsed
 * as Piquet's notation (CODEC_BAD_ACTION when it is not); out->id is the
 * caller's. The one check of an action's text, whichever way it was read. */
int codec_read_action_text(struct codec_reader *self, const char *text, size_t n, struct codec_action *out);
int codec_read_log(struct codec_reader *self, const cJSON *root, struct codec_log *out);
int codec_read_welcome(struct codec_reader *self, const cJSON *root, struct codec_welcome *out);
int codec_read_partie_start(struct codec_reader *self, const cJSON *root, struct codec_partie_start *out);
int codec_read_request(struct codec_reader *self, const cJSON *root, const struct pq_rules *rules,
                       struct codec_request *out);
int codec_read_deal_end(struct codec_reader *self, const cJSON *root, struct codec_deal_end *out);
int codec_read_partie_end(struct codec_reader *self, const cJSON *root, struct codec_partie_end *out);
int codec_read_error(struct codec_reader *self, const cJSON *root, struct codec_error *out);

#endif
