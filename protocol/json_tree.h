/* json_tree.h - a strict JSON parser (RFC 8259) that builds cJSON nodes in
 * one pool, for reading frames.
 *
 * The tree is made of ordinary cJSON structs, so every cJSON reader works
 * on it (cJSON_IsString, cJSON_ArrayForEach, cJSON_GetArraySize,
 * cJSON_GetArrayItem...): type, child, next, prev (the first child's prev
 * is the last child, as cJSON links them), string (the key in an object),
 * valuestring, valuedouble, and valueint (saturated to INT_MIN..INT_MAX).
 * A key repeated in one object gives one node per occurrence.
 *
 * Ownership: every node and every string of a tree lives in memory owned by
 * its root. Free the whole tree with json_tree_free(root), never with
 * cJSON_Delete (which would free pool memory piece by piece), and never
 * free, detach or add a single node. Nodes and strings stay valid until
 * the root is freed. Text is only read, never kept.
 *
 * Strictness: literals, numbers (no leading zero, no '+', digits on both
 * sides of '.', an exponent allowed), strings (no raw control character;
 * the escapes of RFC 8259 section 7, \uXXXX included, surrogates only in
 * pairs), whitespace of space, tab, LF and CR only. Two limits: containers
 * nest at most JSON_TREE_DEPTH deep, and "\u0000" is refused because a C
 * string cannot hold it. Bytes from 0x80 up are copied as they are: the
 * caller checks the encoding (codec_parse() checks strict UTF-8 first).
 *
 * Nothing is global: trees may be parsed and freed from any thread.
 */
#ifndef JSON_TREE_H
#define JSON_TREE_H

#include <cjson/cJSON.h>
#include <stddef.h>
#include <stdint.h>

enum { JSON_TREE_DEPTH = 64 };

/* *end after an allocation failure (never an offset in the text). */
#define JSON_TREE_NO_MEMORY SIZE_MAX

/* Parses the JSON value at the start of `len` bytes of text (no NUL
 * needed; nothing past len is read). Returns its root, or NULL. *end is
 * set in every case:
 * - success: the offset just past the value and the whitespace after it,
 *   so the text is one value exactly when *end == len;
 * - bad JSON: the offset where the text stops being JSON (len when it ends
 *   too soon; the start of the escape for a surrogate out of its pair);
 * - out of memory: JSON_TREE_NO_MEMORY. */
cJSON *json_tree_parse(const char *text, size_t len, size_t *end);

/* Frees a tree returned by json_tree_parse, given its root; NULL is a
 * no-op. */
void json_tree_free(cJSON *root);

#endif
