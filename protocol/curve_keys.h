/* curve_keys.h - CURVE key pairs on disk (ZeroMQ's CurveZMQ, keys as Z85
 * text of 40 characters), shared by the arena (its server key) and the
 * bots' SDKs (their own key pair).
 *
 * `arena keys new NAME` writes two files in a directory:
 *   NAME.key  the pair, readable by its owner only (0600):
 *               # CURVE key pair NAME: keep this file secret
 *               public = <40 characters>
 *               secret = <40 characters>
 *   NAME.pub  the public key alone on one line, to give away (0644)
 * A reader takes "public" and "secret" lines in any order, skips blank and
 * '#' lines, and refuses anything else, a key that is not Z85 of 32 bytes,
 * a secret whose public half is not the "public" line, and a .key file that
 * group or others may read or write (as ssh refuses an open private key).
 */
#ifndef PROTOCOL_CURVE_KEYS_H
#define PROTOCOL_CURVE_KEYS_H

#include <stddef.h>

enum { CURVE_KEY_TEXT = 41 };   /* 40 Z85 characters and a NUL */

/* Makes a fresh pair and writes DIR/NAME.key and DIR/NAME.pub, refusing to
 * overwrite either. NAME is 1 to 64 of [A-Za-z0-9._-], not starting with
 * '.'. Fills public_key. 0, or -1 with the reason in err. */
int curve_keys_new(const char *dir, const char *name, char public_key[CURVE_KEY_TEXT], char *err, size_t cap);

/* Reads a .key file into both halves. 0, or -1 with the reason in err
 * (naming the file). */
int curve_keys_read(const char *path, char public_key[CURVE_KEY_TEXT], char secret_key[CURVE_KEY_TEXT], char *err,
                    size_t cap);

/* Reads a public key: a .pub file, or a .key file's public half. 0, or -1
 * with the reason in err. */
int curve_key_read_public(const char *path, char public_key[CURVE_KEY_TEXT], char *err, size_t cap);

/* Whether `text` (NUL-terminated) is a key: 40 Z85 characters of 32 bytes. */
int curve_key_valid(const char *text);

#endif
